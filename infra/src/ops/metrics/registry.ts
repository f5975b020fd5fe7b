import { collectDefaultMetrics, type Metric, Registry } from 'prom-client';

/**
 * One registry per process, made by its entry point and passed to whatever counts: no global
 * registry, so that split mode's services (and the test systems sharing one test process) each
 * expose their own. It starts with prom-client's default metrics: event-loop delay
 * (`nodejs_eventloop_lag_*`), heap (`nodejs_heap_*`), GC, CPU, memory and file descriptors.
 */
export function createMetricsRegistry(): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
  return registry;
}

/**
 * The metric of that name in the registry, made by `make` the first time: an instrument is
 * registered once however many times a process wires the thing it counts.
 */
export function metricOnce<T extends Metric>(registry: Registry, name: string, make: () => T): T {
  return (registry.getSingleMetric(name) as T | undefined) ?? make();
}
