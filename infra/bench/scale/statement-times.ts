import pg from 'pg';

interface Totals {
  calls: number;
  ms: number;
  rows: number;
}

/**
 * The time of every SQL statement this process sends through `pg`, by its text: what
 * pg_stat_statements would show, measured from the client (a shared PostgreSQL cannot load that
 * extension without a restart). A statement's time is from sending it to its answer, so it
 * includes the round trip and any wait for the machine. `stop()` puts `pg` back as it was.
 */
export function timeStatements(): { take(): Map<string, Totals>; stop(): void } {
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  let totals = new Map<string, Totals>();
  prototype.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text?: string } | undefined;
    const text = (typeof first === 'string' ? first : (first?.text ?? '')).replace(/\s+/g, ' ').trim();
    const started = performance.now();
    const into = totals;
    const count = (answer: { rowCount?: number | null } | undefined) => {
      const entry = into.get(text) ?? { calls: 0, ms: 0, rows: 0 };
      entry.calls += 1;
      entry.ms += performance.now() - started;
      entry.rows += answer?.rowCount ?? 0;
      into.set(text, entry);
    };
    // A pool's query passes a callback (the last argument); a client's own call gets a promise.
    const last = args.at(-1);
    if (typeof last === 'function') {
      args[args.length - 1] = (error: unknown, answer: { rowCount?: number | null } | undefined) => {
        if (!error) count(answer);
        return (last as (e: unknown, a: unknown) => unknown)(error, answer);
      };
    }
    const result = original.apply(this, args);
    if (result instanceof Promise) result.then(count, () => {});
    return result;
  };
  return {
    /** The totals so far, and a fresh count from here. */
    take() {
      const taken = totals;
      totals = new Map();
      return taken;
    },
    stop() {
      prototype.query = original;
    },
  };
}

/** The statements that took longest, one line each: total time, calls, rows, the text's start. */
export function statementLines(totals: Map<string, Totals>, top = 15): string[] {
  return [...totals]
    .sort(([, a], [, b]) => b.ms - a.ms)
    .slice(0, top)
    .map(
      ([text, t]) =>
        `${Math.round(t.ms).toLocaleString('en').padStart(9)} ms ${String(t.calls).padStart(6)} x ${t.rows.toLocaleString('en').padStart(9)} rows  ${text.slice(0, 110)}`,
    );
}
