import type { Tally } from './like-load';
import type { MailTally } from './signup-mail';

/** One line of the fault suite's table: a fault made `times` times, and what it cost. */
export interface Row {
  fault: string;
  times: number;
  lost: number;
  disagreed: number;
  /** Reads after the load's own writes answered from a read side behind the position asked. */
  stale: number;
  other5xx: number;
  recoverMs: number[];
  /** A time to recover longer than this fails the row (the standby's takeover, say). */
  recoverLimitMs?: number;
  /**
   * 5xx statuses that ask the client to try again and are expected while this fault lasts (a
   * 503 always; a 502 from the gateway for a request that was in flight to a killed process).
   */
  retryStatuses: Set<number>;
  note: string;
  /** What the 5xx the row does not expect were: each status, or the error of a request left unanswered. */
  errors: Map<string, number>;
  /** The sign-ups made under the fault and their mails, for a row whose fault can repeat or drop a mail. */
  mail?: MailTally;
}

/** A row of the table, before the fault is made. */
export function newRow(fault: string, times: number, retryStatuses: number[] = [503]): Row {
  return {
    fault,
    times,
    lost: 0,
    disagreed: 0,
    stale: 0,
    other5xx: 0,
    recoverMs: [],
    retryStatuses: new Set(retryStatuses),
    note: '',
    errors: new Map(),
  };
}

/** Counts the load's stale reads, unexpected 5xx and unanswered requests into the row. */
export function countErrors(row: Row, tally: Tally): void {
  row.stale += tally.stale;
  const add = (kind: string, n: number) => row.errors.set(kind, (row.errors.get(kind) ?? 0) + n);
  for (const [status, n] of tally.statuses) {
    if (status < 500 || row.retryStatuses.has(status)) continue;
    row.other5xx += n;
    add(`HTTP ${status}`, n);
  }
  row.other5xx += tally.failures;
  for (const [kind, n] of tally.failedWith) add(kind, n);
}

/** Whether a row shows a fault that cost something it must not. */
export function rowFailed(row: Row): boolean {
  return (
    row.lost > 0 ||
    row.disagreed > 0 ||
    row.stale > 0 ||
    row.other5xx > 0 ||
    (row.mail !== undefined && (row.mail.twice > 0 || row.mail.missing > 0)) ||
    row.recoverMs.some(
      (ms) => !Number.isFinite(ms) || (row.recoverLimitMs !== undefined && ms > row.recoverLimitMs),
    )
  );
}

/** The suite's table in Markdown, a line each. */
export function formatTable(rows: Row[]): string[] {
  const header = [
    'fault',
    'times',
    'acknowledged writes lost',
    'reads that disagreed with a rebuild',
    'reads older than their own write',
    'e-mails sent twice, not sent; resent (same Message-ID)',
    '5xx not expected',
    'time to recover',
    'note',
  ];
  const lines = rows.map((r) => {
    const valid = r.recoverMs.filter((ms) => Number.isFinite(ms));
    const recover =
      valid.length === r.recoverMs.length && valid.length > 0
        ? `${(Math.max(...valid) / 1000).toFixed(1)} s max, ${(valid.reduce((a, b) => a + b, 0) / valid.length / 1000).toFixed(1)} s mean`
        : 'did not recover';
    return [
      r.fault,
      String(r.times),
      String(r.lost),
      String(r.disagreed),
      String(r.stale),
      r.mail ? `${r.mail.twice}, ${r.mail.missing}; ${r.mail.resent} (of ${r.mail.signups} sign-ups)` : '-',
      String(r.other5xx),
      recover,
      r.note,
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const format = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [format(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...lines.map(format)];
}

export function printTable(rows: Row[]): void {
  for (const line of formatTable(rows)) console.log(line);
}
