import type { Leadership } from '@nocturne/projector';
import { Gauge, type Registry } from 'prom-client';

/**
 * `nocturne_projector_leading`: 1 while this process leads the projections and the reactors, 0
 * while it stands by. Summed over the projector processes it is 1; 0 for longer than the
 * takeover time means nobody projects.
 */
export function trackLeadership(registry: Registry, leadership: Pick<Leadership, 'state'>): void {
  new Gauge({
    name: 'nocturne_projector_leading',
    help: 'Whether this projector process leads (1) or stands by (0)',
    registers: [registry],
    collect() {
      this.set(leadership.state === 'leading' ? 1 : 0);
    },
  });
}
