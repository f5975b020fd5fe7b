export { countMail } from './counting-mailer';
export { countAppends } from './counting-store';
export { instrumentHttp, UNMATCHED_ROUTE } from './http-metrics';
export {
  isLoopback,
  METRICS_REFUSED,
  type MetricsAccess,
  mayReadMetrics,
  serveMetrics,
} from './metrics-route';
export { type ProjectionSource, trackProjections } from './projection-metrics';
export { createMetricsRegistry } from './registry';
