import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { parseTimestamptz, timestampTypes } from './pg-timestamp';

const pgParser: (text: string) => Date = pg.types.getTypeParser(1184, 'text');

describe('parseTimestamptz (timestamptz as a UTC session receives it)', () => {
  it('reads what pg reads, for every fraction length', () => {
    const fractions = ['', '.5', '.12', '.123', '.1234', '.12345', '.123456', '.999999', '.000001'];
    const texts = fractions.flatMap((fraction) => [
      `2026-11-26 06:38:09${fraction}+00`,
      `1999-12-31 23:59:59${fraction}+00`,
      `2024-02-29 00:00:00${fraction}+00`,
      `1970-01-01 00:00:00${fraction}+00`,
      `0100-03-01 12:00:00${fraction}+00`,
      `9999-12-31 23:59:59${fraction}+00`,
    ]);
    for (const text of texts) {
      expect(parseTimestamptz(text).getTime(), text).toBe(pgParser(text).getTime());
    }
  });

  it('leaves to pg what it does not read itself: other zones, early years, BC, infinity', () => {
    for (const text of [
      '2026-11-26 06:38:09.5+05:30',
      '2026-11-26 06:38:09-08',
      '0050-01-01 00:00:00+00',
      '2026-11-26 06:38:09+00 BC',
      'infinity',
      '-infinity',
    ]) {
      const ours = parseTimestamptz(text);
      const theirs = pgParser(text);
      if (theirs instanceof Date) expect(ours.getTime(), text).toEqual(theirs.getTime());
      else expect(ours, text).toEqual(theirs);
    }
    expect(parseTimestamptz('0050-01-01 00:00:00+00').getUTCFullYear()).toBe(50);
  });

  it('is what a pool uses for timestamptz in text, and only for it', () => {
    expect(timestampTypes.getTypeParser(1184, 'text')).toBe(parseTimestamptz);
    expect(timestampTypes.getTypeParser(1114, 'text')).toBe(pg.types.getTypeParser(1114, 'text'));
    expect(timestampTypes.getTypeParser(1184, 'binary')).toBe(pg.types.getTypeParser(1184, 'binary'));
  });
});
