import { describe, expect, it } from 'vitest';
import { DEFAULT_READING_SETTINGS, readingSettingsFrom, readingSettingsMessages } from './reading-settings';

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
