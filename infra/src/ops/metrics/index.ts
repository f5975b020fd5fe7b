// What the servers wire in; the tests import the modules themselves.

export { countAgeChecks } from './age-check-metrics';
export { countMail } from './counting-mailer';
export { countNotices, noticeCounter } from './counting-notices';
export { countAppends } from './counting-store';
export { instrumentHttp } from './http-metrics';
export { trackLeadership } from './leadership-metrics';
export { type MetricsAccess, serveMetrics } from './metrics-route';
export { trackProjections } from './projection-metrics';
export { createMetricsRegistry } from './registry';
