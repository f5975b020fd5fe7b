// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { LOCAL_PROGRESS_KEY, localSlide, MAX_LOCAL_STORIES, rememberLocalSlide } from './local-progress';

describe("a visitor's progress in this browser", () => {
  beforeEach(() => localStorage.clear());

  it('resumes at the slide remembered, per story', () => {
    rememberLocalSlide('a', 3);
    rememberLocalSlide('b', 1);
    expect(localSlide('a')).toBe(3);
    expect(localSlide('b')).toBe(1);
    expect(localSlide('c')).toBe(0);
  });

  it('forgets a story back at its start (or finished)', () => {
    rememberLocalSlide('a', 3);
    rememberLocalSlide('a', 0);
    expect(localSlide('a')).toBe(0);
    expect(JSON.parse(localStorage.getItem(LOCAL_PROGRESS_KEY)!)).toEqual({});
  });

  it('keeps the most recent stories only, and survives garbage in storage', () => {
    for (let i = 0; i < MAX_LOCAL_STORIES + 5; i++) rememberLocalSlide(`s${i}`, 2);
    expect(Object.keys(JSON.parse(localStorage.getItem(LOCAL_PROGRESS_KEY)!))).toHaveLength(
      MAX_LOCAL_STORIES,
    );
    expect(localSlide('s0')).toBe(0);
    expect(localSlide(`s${MAX_LOCAL_STORIES + 4}`)).toBe(2);
    localStorage.setItem(LOCAL_PROGRESS_KEY, 'not json');
    expect(localSlide('s1')).toBe(0);
  });
});
