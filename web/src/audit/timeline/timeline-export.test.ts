import { describe, expect, it } from 'vitest';
import type { AccountTimeline } from '../audit-api';
import { ERASED, exportName, TIMELINE_COLUMNS, timelineCsv, timelineJson } from './timeline-export';

const timeline = (erased: boolean): AccountTimeline => ({
  account: '3f0c2a4e-6d1b-4c8e-9a57-2b1e0d9c4f11',
  erased,
  email: erased ? null : 'someone@example.test',
  as_of: '2026-01-01T00:00:00.000Z',
  story_texts: {},
  state: {
    registered: !erased,
    deleted: erased,
    verified: true,
    premium: false,
    stories_remaining: 0,
    stories_unlocked: [],
  },
  rows: [
    {
      at: '2025-02-01T10:00:00.000Z',
      position: 3,
      event: 'UserRegistered',
      amount: null,
      discount: null,
      transaction_id: null,
      payment_method: null,
      stories: null,
      story_id: null,
      assurance_method: null,
      assurance_provider: null,
      assured_until: null,
      by: 'the user',
      staff_id: null,
    },
    {
      at: '2025-02-02T10:00:00.000Z',
      position: 9,
      event: 'PaymentConfirmationSubmitted',
      amount: 10,
      discount: 5,
      transaction_id: erased ? null : 'TX, "quoted"\nline',
      payment_method: '=cmd|paypal',
      stories: null,
      story_id: null,
      assurance_method: null,
      assurance_provider: null,
      assured_until: null,
      by: 'the user',
      staff_id: null,
    },
    {
      at: '2025-02-03T10:00:00.000Z',
      position: 12,
      event: 'PremiumGranted',
      amount: null,
      discount: null,
      transaction_id: null,
      payment_method: null,
      stories: 30,
      story_id: null,
      assurance_method: null,
      assurance_provider: null,
      assured_until: null,
      by: 'staff admin@example.test (admin)',
      staff_id: 'b'.repeat(32),
    },
    {
      at: '2025-02-04T10:00:00.000Z',
      position: 15,
      event: 'AgeAssured',
      amount: null,
      discount: null,
      transaction_id: null,
      payment_method: null,
      stories: null,
      story_id: null,
      assurance_method: 'hosted',
      assurance_provider: 'yoti',
      assured_until: '2026-02-04T10:00:00.000Z',
      by: 'the user',
      staff_id: null,
    },
  ],
});

/** A small RFC 4180 reader: quoted cells with doubled quotes, commas and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

describe('the timeline exports', () => {
  it('hold the history as it stood at the as-of instant, and say which instant', () => {
    const asOf = { ...timeline(false), as_of: '2025-02-02T12:00:00.000Z' };
    const [, ...lines] = parseCsv(timelineCsv(asOf));
    expect(lines.map((line) => line[2])).toEqual(['UserRegistered', 'PaymentConfirmationSubmitted']);
    const json = JSON.parse(timelineJson(asOf)) as { as_of: string; rows: { event: string }[] };
    expect(json.as_of).toBe('2025-02-02T12:00:00.000Z');
    expect(json.rows.map((row) => row.event)).toEqual(['UserRegistered', 'PaymentConfirmationSubmitted']);
    expect(exportName(asOf, 'csv')).toBe(
      'timeline-3f0c2a4e-6d1b-4c8e-9a57-2b1e0d9c4f11-as-of-2025-02-02.csv',
    );
  });

  for (const erased of [false, true]) {
    it(`hold the same rows in CSV and JSON${erased ? ' (an erased account)' : ''}`, () => {
      const json = JSON.parse(timelineJson(timeline(erased))) as { rows: Record<string, unknown>[] };
      const [header, ...lines] = parseCsv(timelineCsv(timeline(erased)));
      expect(header).toEqual([...TIMELINE_COLUMNS]);
      expect(lines).toHaveLength(json.rows.length);
      expect(json.rows).toHaveLength(4);
      lines.forEach((line, i) => {
        const row = json.rows[i]!;
        expect(Object.keys(row)).toEqual([...TIMELINE_COLUMNS]);
        TIMELINE_COLUMNS.forEach((column, j) => {
          const value = row[column];
          const cell = line[j]!;
          // A cell a spreadsheet would run as a formula is kept as text, behind a quote mark.
          const shown = typeof value === 'string' && /^[=+\-@]/.test(value) ? `'${value}` : value;
          expect(cell, `${column} of row ${i}`).toBe(shown === null ? '' : String(shown));
        });
      });
    });
  }

  it('say "erased" where an erased account had a transaction id, and name no address', () => {
    const csv = timelineCsv(timeline(true));
    const json = timelineJson(timeline(true));
    expect(JSON.parse(json).rows[1].transaction_id).toBe(ERASED);
    for (const text of [csv, json]) expect(text).not.toContain('someone@');
  });
});
