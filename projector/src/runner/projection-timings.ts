/** Where one projection's share of a run went. */
export interface ProjectionTiming {
  projection: string;
  /** Time inside its `applyBatch` (its folding and its statements), over every batch. */
  ms: number;
  /** Events it was given. */
  events: number;
  batches: number;
}

/**
 * The time of each projection over a run of the runner (a rebuild reports it): which projection,
 * and so which tables and event types, a run spends its time on. Apart from them, the time the
 * runner waited for the store's read and spent decoding. Runners that share one (a rebuild's
 * lanes) run side by side: their times overlap, and a lane's wait for the read is mostly its wait
 * for the slowest lane.
 */
export class ProjectionTimings {
  private readonly byName = new Map<string, ProjectionTiming>();
  /** Waiting for a batch's events from the store (beyond the read-ahead) and decoding them. */
  readMs = 0;
  decodeMs = 0;

  add(projection: string, ms: number, events: number): void {
    const timing = this.byName.get(projection) ?? { projection, ms: 0, events: 0, batches: 0 };
    timing.ms += ms;
    timing.events += events;
    timing.batches += 1;
    this.byName.set(projection, timing);
  }

  /** Slowest first. */
  list(): ProjectionTiming[] {
    return [...this.byName.values()].sort((a, b) => b.ms - a.ms);
  }
}

/** One line per projection, slowest first: its seconds, its events and its microseconds an event. */
export function timingLines(timings: ProjectionTimings): string[] {
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(8);
  return [
    ...timings
      .list()
      .map(
        (t) =>
          `${t.projection.padEnd(18)}${s(t.ms)}  ${t.events.toLocaleString('en').padStart(10)} events  ${t.events > 0 ? ((t.ms * 1000) / t.events).toFixed(0).padStart(5) : '    -'} µs/event`,
      ),
    `${'(reading the log)'.padEnd(18)}${s(timings.readMs)}`,
    `${'(decoding)'.padEnd(18)}${s(timings.decodeMs)}`,
  ];
}
