import { answerFrameworkError, installErrorHandling } from '@nocturne/events/http';
import Fastify, { type FastifyInstance } from 'fastify';
import { type MetricsAccess, serveMetrics } from '../ops/metrics';

/**
 * Split mode's projector has no API; it listens on its SPLIT_SERVICE_PORT only for operations:
 * GET /metrics (its projections' positions and lag, the mail counters, its event loop and heap).
 * In one-process mode the same metrics are on the one server's /metrics.
 */
export async function buildProjectorListener(options: {
  metrics: MetricsAccess;
  logLevel?: string;
}): Promise<FastifyInstance> {
  const app = Fastify({
    frameworkErrors: answerFrameworkError,
    logger: options.logLevel === 'silent' ? false : { level: options.logLevel ?? 'info' },
  });
  installErrorHandling(app, {});
  serveMetrics(app, options.metrics);
  return app;
}
