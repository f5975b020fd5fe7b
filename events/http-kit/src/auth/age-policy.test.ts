import { describe, expect, it } from 'vitest';
import { type AgeAssurancePolicy, assuranceRequired, regionOf } from './age-policy';

const policy = (mode: AgeAssurancePolicy['mode'], regions: string[] = []): AgeAssurancePolicy => ({
  mode,
  regions,
  validityDays: 365,
});

describe('assuranceRequired', () => {
  it('off never requires it; required always does, whatever the region', () => {
    expect(assuranceRequired(policy('off'), 'GB')).toBe(false);
    expect(assuranceRequired(policy('off'), null)).toBe(false);
    expect(assuranceRequired(policy('required'), 'BR')).toBe(true);
    expect(assuranceRequired(policy('required'), null)).toBe(true);
  });

  it('by-region requires it in the listed regions and where the region is not known', () => {
    const byRegion = policy('by-region', ['GB', 'FR']);
    expect(assuranceRequired(byRegion, 'GB')).toBe(true);
    expect(assuranceRequired(byRegion, 'fr')).toBe(true);
    expect(assuranceRequired(byRegion, 'BR')).toBe(false);
    expect(assuranceRequired(byRegion, null)).toBe(true);
    expect(assuranceRequired(byRegion, '')).toBe(true);
    expect(assuranceRequired(byRegion, 'not a region')).toBe(true);
  });
});

describe('regionOf', () => {
  it('believes CF-IPCountry only behind a trusted proxy', () => {
    expect(regionOf('GB', true)).toBe('GB');
    expect(regionOf(' gb ', true)).toBe('GB');
    expect(regionOf('GB', false)).toBeNull();
  });

  it('reads no region from an absent, repeated, unknown or malformed header', () => {
    expect(regionOf(undefined, true)).toBeNull();
    expect(regionOf(['GB', 'BR'], true)).toBeNull();
    expect(regionOf('XX', true)).toBeNull();
    expect(regionOf('T1', true)).toBeNull();
    expect(regionOf('GBR', true)).toBeNull();
  });
});
