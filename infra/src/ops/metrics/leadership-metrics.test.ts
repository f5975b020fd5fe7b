import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { trackLeadership } from './leadership-metrics';

describe('nocturne_projector_leading', () => {
  it('is 1 while the process leads and 0 while it stands by or has stopped', async () => {
    const registry = new Registry();
    const leadership = { state: 'standby' as 'standby' | 'leading' | 'stopped' };
    trackLeadership(registry, leadership);
    const value = async () =>
      (await registry.getSingleMetric('nocturne_projector_leading')!.get()).values[0]?.value;
    expect(await value()).toBe(0);
    leadership.state = 'leading';
    expect(await value()).toBe(1);
    leadership.state = 'stopped';
    expect(await value()).toBe(0);
  });
});
