import { DEFAULT_READING_SETTINGS, type ReadingSettings } from '@nocturne/domain';
import { describe, expect, it } from 'vitest';
import { storeReadingSettings } from './reading-settings-store';
import {
  READING_SETTINGS_KEY,
  readingSettingsAttributes,
  storedReadingSettings,
} from './stored-reading-settings';

const memoryStorage = () => {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
};

const sepia: ReadingSettings = { ...DEFAULT_READING_SETTINGS, theme: 'sepia', typeface: 'sans' };

describe("the browser's reading settings", () => {
  it('given settings kept, reads them back', () => {
    const storage = memoryStorage();
    storeReadingSettings(sepia, storage);
    expect(storedReadingSettings(storage)).toEqual(sepia);
  });

  it('given nothing kept, or something unreadable or out of date, reads the defaults', () => {
    const storage = memoryStorage();
    expect(storedReadingSettings(storage)).toEqual(DEFAULT_READING_SETTINGS);
    storage.setItem(READING_SETTINGS_KEY, '{not json');
    expect(storedReadingSettings(storage)).toEqual(DEFAULT_READING_SETTINGS);
    storage.setItem(READING_SETTINGS_KEY, JSON.stringify({ ...sepia, theme: 'neon' }));
    expect(storedReadingSettings(storage)).toEqual(DEFAULT_READING_SETTINGS);
  });
});

describe("the reader's attributes", () => {
  it('names each setting; reduced motion turns the transition off', () => {
    expect(readingSettingsAttributes({ ...sepia, transition: 'slide' })).toEqual({
      'data-text-size': 'medium',
      'data-typeface': 'sans',
      'data-line-spacing': 'normal',
      'data-theme': 'sepia',
      'data-reduced-motion': 'off',
      'data-transition': 'slide',
    });
    expect(readingSettingsAttributes({ ...sepia, transition: 'slide', reducedMotion: true })).toMatchObject({
      'data-reduced-motion': 'on',
      'data-transition': 'none',
    });
  });
});
