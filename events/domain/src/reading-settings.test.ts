import { describe, expect, it } from 'vitest';
import {
  DEFAULT_READING_SETTINGS,
  readingSettingsChangeFrom,
  readingSettingsFrom,
  readingSettingsMessages,
  withReadingSettingsChange,
} from './reading-settings';

describe('reading settings from input', () => {
  it('given every field with one of its values, answers exactly those settings', () => {
    const chosen = { ...DEFAULT_READING_SETTINGS, theme: 'sepia', textSize: 'larger', reducedMotion: true };
    expect(readingSettingsFrom({ ...chosen, extra: 'ignored' })).toEqual({ settings: chosen });
  });

  it('names the first field that is missing or not one of its values', () => {
    expect(readingSettingsFrom({ ...DEFAULT_READING_SETTINGS, theme: 'neon' })).toEqual({
      problem: readingSettingsMessages.invalid('theme', ['dark', 'sepia', 'light']),
    });
    const { typeface: _, ...noTypeface } = DEFAULT_READING_SETTINGS;
    expect(readingSettingsFrom(noTypeface)).toEqual({
      problem: 'typeface must be one of: serif, sans.',
    });
    expect(readingSettingsFrom({ ...DEFAULT_READING_SETTINGS, reducedMotion: 'yes' })).toEqual({
      problem: readingSettingsMessages.reducedMotion,
    });
  });

  it('refuses what is not an object', () => {
    for (const input of [null, [], 'dark', 3]) {
      expect(readingSettingsFrom(input)).toEqual({ problem: readingSettingsMessages.notAnObject });
    }
  });
});

describe('a change to some reading settings, from input', () => {
  it('given some fields with one of their values, answers just those, leaving out what is not a setting', () => {
    expect(readingSettingsChangeFrom({ theme: 'sepia', extra: 'ignored' })).toEqual({
      change: { theme: 'sepia' },
    });
    expect(readingSettingsChangeFrom({ reducedMotion: false, textSize: 'large' })).toEqual({
      change: { reducedMotion: false, textSize: 'large' },
    });
    expect(readingSettingsChangeFrom(DEFAULT_READING_SETTINGS)).toEqual({ change: DEFAULT_READING_SETTINGS });
  });

  it('refuses a field given with a value that is not one of its own, and a change of nothing', () => {
    expect(readingSettingsChangeFrom({ theme: 'neon' })).toEqual({
      problem: readingSettingsMessages.invalid('theme', ['dark', 'sepia', 'light']),
    });
    expect(readingSettingsChangeFrom({ reducedMotion: 'yes' })).toEqual({
      problem: readingSettingsMessages.reducedMotion,
    });
    expect(readingSettingsChangeFrom({ theme: null })).toEqual({
      problem: readingSettingsMessages.invalid('theme', ['dark', 'sepia', 'light']),
    });
    expect(readingSettingsChangeFrom({})).toEqual({ problem: readingSettingsMessages.emptyChange });
    expect(readingSettingsChangeFrom({ extra: 1 })).toEqual({ problem: readingSettingsMessages.emptyChange });
    expect(readingSettingsChangeFrom([])).toEqual({ problem: readingSettingsMessages.notAnObject });
  });

  it('laid over settings, changes only its own fields', () => {
    const sepia = { ...DEFAULT_READING_SETTINGS, theme: 'sepia' as const };
    expect(withReadingSettingsChange(sepia, { textSize: 'larger' })).toEqual({
      ...sepia,
      textSize: 'larger',
    });
  });
});
