import { ccbillLedgerId, centsOf, type LedgerLine } from '@nocturne/command-api';
import type { CcbillDataLinkSettings } from '../config';
import type { DayReport } from './reconcile-day';

/**
 * CCBill's clock: Data Link's times are US Mountain Standard Time, which Arizona (where CCBill
 * is) keeps all year, so a UTC day is always the same seven-hour shifted window.
 */
const CCBILL_OFFSET_MS = -7 * 3_600_000;
const DAY_MS = 86_400_000;

const REVERSALS = { REFUND: 'refund', CHARGEBACK: 'chargeback', VOID: 'void' } as const;

/**
 * CCBill's Data Link Extract (`main.cgi`) as a day report: one request (Data Link answers one an
 * hour) for the day and its two neighbours, whose rows are kept for the neighbours' asking.
 * Rows are CSV, the type first: `NEW` (a sale: subscription id, time, accounting amount), and
 * `REFUND`, `CHARGEBACK`, `VOID` (subscription id, time, amount). Amounts are in the accounting
 * currency, US dollars, which is what this product sells in.
 */
export function ccbillDataLinkReport(
  settings: CcbillDataLinkSettings,
  get: (url: string) => Promise<Response> = (url) => fetch(url, { signal: AbortSignal.timeout(60_000) }),
): DayReport {
  const days = new Map<string, LedgerLine[]>();
  return async (day) => {
    const known = days.get(day);
    if (known) return known;
    const from = Date.parse(`${day}T00:00:00Z`) - DAY_MS;
    const query = new URLSearchParams({
      startTime: ccbillTime(from),
      endTime: ccbillTime(from + 3 * DAY_MS - 1000),
      transactionTypes: 'NEW,REFUND,CHARGEBACK,VOID',
      clientAccnum: settings.clientAccnum,
      ...(settings.clientSubacc ? { clientSubacc: settings.clientSubacc } : {}),
      username: settings.username,
      password: settings.password,
    });
    const response = await get(`${settings.url}?${query.toString()}`);
    const body = await response.text();
    // The answer may echo the request; the credentials never go into an error.
    if (!response.ok) throw new Error(`CCBill's Data Link answered ${response.status}`);
    if (/^\s*Error:/m.test(body)) {
      throw new Error(`CCBill's Data Link refused: ${/Error:\s*(.{0,80})/.exec(body)?.[1] ?? ''}`);
    }
    const window = [utcDay(from), utcDay(from + DAY_MS), utcDay(from + 2 * DAY_MS)];
    for (const each of window) days.set(each, []);
    for (const row of dataLinkRows(body)) days.get(row.day)?.push(row.line);
    return days.get(day) ?? [];
  };
}

/** The rows of a Data Link answer, each with the UTC day it happened on. */
export function dataLinkRows(body: string): Array<{ day: string; line: LedgerLine }> {
  // An answer without a transaction is "1".
  if (body.trim() === '1' || body.trim() === '') return [];
  return body
    .split(/\r?\n/)
    .filter((text) => text.trim() !== '')
    .map((text) => {
      const fields = csvFields(text);
      const type = fields[0];
      const subscriptionId = fields[3] ?? '';
      const at = fromCcbillTime(fields[4] ?? '');
      // NEW rows come in two layouts: the older one with username to rebills (22 fields, the
      // initial amount 18th), the newer without them (15 or more, the accounting amount 11th).
      const amount =
        type === 'NEW' ? (fields.length >= 22 ? fields[17] : fields[10]) : type ? fields[5] : undefined;
      const amountCents = centsOf(amount?.trim());
      if (!/^\d{1,30}$/.test(subscriptionId) || at === null || amountCents === null) {
        throw new Error(`CCBill's Data Link holds a row this product cannot read (${type ?? 'no type'})`);
      }
      const kind = type === 'NEW' ? 'sale' : REVERSALS[type as keyof typeof REVERSALS];
      if (!kind) throw new Error(`CCBill's Data Link holds a row of type ${type}`);
      const line: LedgerLine = {
        transactionId: ccbillLedgerId(subscriptionId, kind),
        kind: kind === 'void' ? 'refund' : kind,
        amountCents,
        currency: 'USD',
      };
      return { day: utcDay(at), line };
    });
}

/** One CSV line's fields: quoted ("" inside for a quote) or bare. */
export function csvFields(text: string): string[] {
  const fields: string[] = [];
  let at = 0;
  while (at <= text.length) {
    while (text[at] === ' ') at += 1;
    if (text[at] === '"') {
      let value = '';
      at += 1;
      while (at < text.length) {
        if (text[at] === '"' && text[at + 1] === '"') {
          value += '"';
          at += 2;
        } else if (text[at] === '"') {
          at += 1;
          break;
        } else {
          value += text[at];
          at += 1;
        }
      }
      fields.push(value);
      const comma = text.indexOf(',', at);
      at = comma === -1 ? text.length + 1 : comma + 1;
    } else {
      const comma = text.indexOf(',', at);
      fields.push(text.slice(at, comma === -1 ? text.length : comma).trim());
      at = comma === -1 ? text.length + 1 : comma + 1;
    }
  }
  return fields;
}

/** A UTC instant as Data Link writes times: YYYYMMDDHHMMSS on CCBill's clock. */
export function ccbillTime(utcMs: number): string {
  return new Date(utcMs + CCBILL_OFFSET_MS).toISOString().replace(/\D/g, '').slice(0, 14);
}

function fromCcbillTime(text: string): number | null {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match;
  const local = Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`);
  return Number.isNaN(local) ? null : local - CCBILL_OFFSET_MS;
}

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
