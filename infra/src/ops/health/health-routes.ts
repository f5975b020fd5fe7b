import type { FastifyInstance } from 'fastify';

/** The paths of the probes: answered by every service, logged at debug (logging/request-log.ts). */
export const healthPaths = ['/healthz', '/readyz'] as const;

/** What /readyz answers: ready (200) or not (503), with a JSON body saying why. */
export type Readiness = () => Promise<{ ready: boolean }>;

/**
 * `GET /healthz`: liveness, 200 while the process serves HTTP. It asks nothing else: a restart
 * mends neither a database outage nor a stopped projection, so those are readiness's.
 * `GET /readyz`: 200 or 503 with the report. Neither is ever cached.
 */
export function addHealthRoutes(app: FastifyInstance, readiness: Readiness): void {
  app.get('/healthz', async (_request, reply) => {
    return reply.header('Cache-Control', 'no-store').send({ status: 'ok' });
  });
  app.get('/readyz', async (_request, reply) => {
    const report = await readiness();
    return reply
      .status(report.ready ? 200 : 503)
      .header('Cache-Control', 'no-store')
      .send(report);
  });
}
