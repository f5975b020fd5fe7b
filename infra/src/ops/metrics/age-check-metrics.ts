import type { CommandApiDeps } from '@nocturne/command-api';
import { Counter, type Registry } from 'prom-client';
import { metricOnce } from './registry';

/**
 * The age checks, counted: `nocturne_age_assurances_total{method,provider}` for each that
 * assured, `nocturne_age_assurance_refusals_total{reason}` for each refused answer or
 * presentation (forged, tampered, expired, unknown issuer, not for this request, under 18,
 * replayed, declined), each hosted check the provider did not pass (`hosted_*`) and each hosted
 * notification whose signature is not the provider's (`forged_notification`): a refused one
 * stored nothing toward an assurance, and a rise of them is someone trying.
 */
export function countAgeChecks(registry: Registry): NonNullable<CommandApiDeps['onAgeCheckAnswered']> {
  const assured = metricOnce(
    registry,
    'nocturne_age_assurances_total',
    () =>
      new Counter({
        name: 'nocturne_age_assurances_total',
        help: 'Age checks that assured, by method and provider',
        labelNames: ['method', 'provider'],
        registers: [registry],
      }),
  );
  const refused = metricOnce(
    registry,
    'nocturne_age_assurance_refusals_total',
    () =>
      new Counter({
        name: 'nocturne_age_assurance_refusals_total',
        help: 'Age-check answers and presentations refused, by reason: nothing assured',
        labelNames: ['reason'],
        registers: [registry],
      }),
  );
  return (outcome) => {
    if (outcome.outcome === 'assured') assured.inc({ method: outcome.method, provider: outcome.provider });
    else refused.inc({ reason: outcome.reason });
  };
}
