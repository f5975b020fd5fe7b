import pg from 'pg';

const TIMESTAMPTZ = 1184;
const defaultParser: (text: string) => Date = pg.types.getTypeParser(TIMESTAMPTZ, 'text');

const digit = (text: string, at: number) => text.charCodeAt(at) - 48;
const two = (text: string, at: number) => digit(text, at) * 10 + digit(text, at + 1);

/**
 * A timestamptz as PostgreSQL writes it for a session in UTC with the ISO DateStyle (the
 * default): `2026-11-26 06:38:09.123456+00`, read by position. pg's own parser (a regular
 * expression, then the parts) is a noticeable share of a projector catch-up, which reads one per
 * event (docs/performance.md, "Catching up"). Anything else (another time zone or DateStyle, a year
 * below 100 or above 9999, infinity, BC) is left to pg's parser.
 */
export function parseTimestamptz(text: string): Date {
  const n = text.length;
  if (
    n >= 22 &&
    n <= 29 &&
    text.endsWith('+00') &&
    text[4] === '-' &&
    text[7] === '-' &&
    text[10] === ' ' &&
    text[13] === ':' &&
    text[16] === ':' &&
    (n === 22 || (n > 23 && text[19] === '.'))
  ) {
    const year = two(text, 0) * 100 + two(text, 2);
    // Milliseconds: the first three digits of the fraction (a Date holds no finer).
    const millis = n === 22 ? 0 : Number(text.slice(20, Math.min(n - 3, 23)).padEnd(3, '0'));
    const time = Date.UTC(
      year,
      two(text, 5) - 1,
      two(text, 8),
      two(text, 11),
      two(text, 14),
      two(text, 17),
      millis,
    );
    // Date.UTC reads a year below 100 as 19xx.
    if (year >= 100 && Number.isFinite(time)) return new Date(time);
  }
  return defaultParser(text);
}

/** pg's type parsers, with parseTimestamptz for timestamptz in text (a pool's `types`). */
export const timestampTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === TIMESTAMPTZ && format !== 'binary'
      ? parseTimestamptz
      : pg.types.getTypeParser(oid, format as 'text')) as pg.CustomTypesConfig['getTypeParser'],
};
