import { DEFAULT_READING_SETTINGS, type ReadingSettings, readingSettingsFrom } from '@nocturne/domain';

/**
 * The reading settings this browser keeps, and the reader's attributes for them: no React here,
 * so that the reader page's early script (web/src/reader/story-start.ts) draws its first slide with
 * them without the app's modules (./reading-settings-store.ts keeps them for the app's screens).
 */

/** Where the browser keeps a visitor's reading settings (and a member's last known, for the first paint). */
export const READING_SETTINGS_KEY = 'reading_settings';

/** The settings this browser kept; the defaults when it kept none or something unreadable. */
export function storedReadingSettings(storage: Pick<Storage, 'getItem'> = localStorage): ReadingSettings {
  try {
    const kept = storage.getItem(READING_SETTINGS_KEY);
    if (kept === null) return DEFAULT_READING_SETTINGS;
    const read = readingSettingsFrom(JSON.parse(kept));
    return 'settings' in read ? read.settings : DEFAULT_READING_SETTINGS;
  } catch {
    return DEFAULT_READING_SETTINGS;
  }
}

/** The reader's attributes that its stylesheet reads, one per setting. */
export function readingSettingsAttributes(settings: ReadingSettings): Record<string, string> {
  return {
    'data-text-size': settings.textSize,
    'data-typeface': settings.typeface,
    'data-line-spacing': settings.lineSpacing,
    'data-theme': settings.theme,
    'data-reduced-motion': settings.reducedMotion ? 'on' : 'off',
    'data-transition': settings.reducedMotion ? 'none' : settings.transition,
  };
}
