import {
  DEFAULT_READING_SETTINGS,
  type ReadingSettings,
  type ReadingSettingsChange,
  withReadingSettingsChange,
} from '@nocturne/domain';
import { useSyncExternalStore } from 'react';
import { READING_SETTINGS_KEY, storedReadingSettings } from './stored-reading-settings';

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
