// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import {
  forgetSentSlide,
  rememberSentSlide,
  UNCONFIRMED_FOR_MS,
  UNCONFIRMED_PROGRESS_KEY,
  unconfirmedSlide,
} from './unconfirmed-progress';

describe("a logged-in reader's place not yet confirmed by the server", () => {
  beforeEach(() => sessionStorage.clear());

  it('reopens the story at the place sent as the page went away, before any answer came', () => {
    rememberSentSlide('a', 1, 1_000);
    rememberSentSlide('a', 2, 2_000);
    expect(unconfirmedSlide('a', 3_000)).toBe(2);
    expect(unconfirmedSlide('b', 3_000)).toBeUndefined();
  });

  it("gives way to the server's answer once it confirms that place, not an older one", () => {
    rememberSentSlide('a', 2);
    forgetSentSlide('a', 1);
    expect(unconfirmedSlide('a')).toBe(2);
    forgetSentSlide('a', 2);
    expect(unconfirmedSlide('a')).toBeUndefined();
  });

  it('is forgotten when the story is finished', () => {
    rememberSentSlide('a', 2);
    forgetSentSlide('a');
    expect(unconfirmedSlide('a')).toBeUndefined();
  });

  it('outranks the server only for a short while (the reader may read on elsewhere), and drops stale places', () => {
    rememberSentSlide('old', 4, 0);
    expect(unconfirmedSlide('old', UNCONFIRMED_FOR_MS - 1)).toBe(4);
    expect(unconfirmedSlide('old', UNCONFIRMED_FOR_MS)).toBeUndefined();
    rememberSentSlide('new', 1, UNCONFIRMED_FOR_MS + 1);
    expect(Object.keys(JSON.parse(sessionStorage.getItem(UNCONFIRMED_PROGRESS_KEY)!))).toEqual(['new']);
  });

  it('survives garbage in storage', () => {
    sessionStorage.setItem(UNCONFIRMED_PROGRESS_KEY, 'not json');
    expect(unconfirmedSlide('a')).toBeUndefined();
    sessionStorage.setItem(UNCONFIRMED_PROGRESS_KEY, JSON.stringify({ a: { slide: 'x', at: 0 } }));
    expect(unconfirmedSlide('a')).toBeUndefined();
  });
});
