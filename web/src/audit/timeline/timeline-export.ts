import type { AccountTimeline, TimelineRow } from '../audit-api';

/** The exported columns, in order: the rows of the JSON export have exactly these keys. */
export const TIMELINE_COLUMNS = [
  'at',
  'position',
  'event',
  'amount',
  'discount',
  'transaction_id',
  'payment_method',
  'stories',
  'story_id',
  'assurance_method',
  'assurance_provider',
  'assured_until',
  'by',
  'staff_id',
] as const satisfies readonly (keyof TimelineRow)[];

/** A personal field the account's erasure took: the exports say so rather than leave it blank. */
export const ERASED = 'erased';

/** Whether a row came after the instant the timeline is read as of (shown set apart, never exported). */
export const afterAsOf = (row: TimelineRow, asOf: string) => Date.parse(row.at) > Date.parse(asOf);

/**
 * The rows both exports hold: the account's history as it stood at the as-of instant (the rows
 * after it are left out, as the state is); an erased account's transaction ids read "erased".
 */
export function exportedRows(
  timeline: AccountTimeline,
): Record<(typeof TIMELINE_COLUMNS)[number], string | number | null>[] {
  return timeline.rows
    .filter((row) => !afterAsOf(row, timeline.as_of))
    .map((row) => {
      const out = Object.fromEntries(TIMELINE_COLUMNS.map((column) => [column, row[column]])) as Record<
        (typeof TIMELINE_COLUMNS)[number],
        string | number | null
      >;
      if (timeline.erased && row.event === 'PaymentConfirmationSubmitted') out.transaction_id = ERASED;
      return out;
    });
}

/** One CSV field: RFC 4180 quoting, and a spreadsheet formula never run. */
export const csvCell = (value: string | number | null): string => {
  if (value === null) return '';
  const text = String(value);
  // RFC 4180 quoting; a leading =, +, - or @ is quoted as text so a spreadsheet never runs it.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) || safe !== text ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** An export's file name: the account, and the day it is read as of. */
export const exportName = (timeline: AccountTimeline, extension: 'csv' | 'json') =>
  `timeline-${timeline.account}-as-of-${timeline.as_of.slice(0, 10)}.${extension}`;

export function timelineCsv(timeline: AccountTimeline): string {
  const lines = [TIMELINE_COLUMNS.join(',')];
  for (const row of exportedRows(timeline))
    lines.push(TIMELINE_COLUMNS.map((c) => csvCell(row[c])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

export function timelineJson(timeline: AccountTimeline): string {
  return `${JSON.stringify(
    {
      account: timeline.account,
      as_of: timeline.as_of,
      erased: timeline.erased,
      rows: exportedRows(timeline),
    },
    null,
    2,
  )}\n`;
}

/** Offers a text as a file download. */
export function download(name: string, type: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
