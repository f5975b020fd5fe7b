import {
  DEFAULT_READING_SETTINGS,
  type ReadingSettings,
  type ReadingSettingsChange,
  readingSettingsFrom,
  withReadingSettingsChange,
} from '@nocturne/domain';
import { useSyncExternalStore } from 'react';

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

const listeners = new Set<() => void>();
/** The settings every component shows: read once from the storage, then kept here with it. */
let current: ReadingSettings | null = null;

/** Keeps `settings` in the browser and shows them in every component that reads them. */
export function storeReadingSettings(
  settings: ReadingSettings,
  storage: Pick<Storage, 'setItem'> = localStorage,
) {
  try {
    storage.setItem(READING_SETTINGS_KEY, JSON.stringify(settings));
  } catch {
    // A full or blocked storage keeps the settings for this visit only.
  }
  current = settings;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab of this browser changed them.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== READING_SETTINGS_KEY) return;
    current = null;
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function snapshot(): ReadingSettings {
  current ??= storedReadingSettings();
  return current;
}

/**
 * Lays a change over the settings this browser keeps now (not over those a component rendered
 * with, which quick changes one after the other may not have reached yet).
 */
export function changeStoredReadingSettings(
  change: ReadingSettingsChange,
  storage: Pick<Storage, 'setItem'> = localStorage,
) {
  storeReadingSettings(withReadingSettingsChange(snapshot(), change), storage);
}

/** The settings this browser keeps, the same for every component that shows or changes them. */
export function useStoredReadingSettings(): ReadingSettings {
  return useSyncExternalStore(subscribe, snapshot, () => DEFAULT_READING_SETTINGS);
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
