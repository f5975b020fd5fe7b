import type { EventData } from '@nocturne/events';

/** How a reader reads: what ReadingSettingsChosen records for a member, and a visitor's browser keeps. */
export type ReadingSettings = EventData<'ReadingSettingsChosen'>;

type Choice<K extends keyof ReadingSettings> = readonly { value: ReadingSettings[K]; label: string }[];

/** Each setting's values with their labels, in the order the settings panel offers them. */
export const READING_SETTING_CHOICES: {
  textSize: Choice<'textSize'>;
  typeface: Choice<'typeface'>;
  lineSpacing: Choice<'lineSpacing'>;
  theme: Choice<'theme'>;
  transition: Choice<'transition'>;
} = {
  textSize: [
    { value: 'small', label: 'Small' },
    { value: 'medium', label: 'Medium' },
    { value: 'large', label: 'Large' },
    { value: 'larger', label: 'Larger' },
  ],
  typeface: [
    { value: 'serif', label: 'Serif' },
    { value: 'sans', label: 'Sans' },
  ],
  lineSpacing: [
    { value: 'compact', label: 'Compact' },
    { value: 'normal', label: 'Normal' },
    { value: 'relaxed', label: 'Relaxed' },
  ],
  theme: [
    { value: 'dark', label: 'Dark' },
    { value: 'sepia', label: 'Sepia' },
    { value: 'light', label: 'Light' },
  ],
  transition: [
    { value: 'fade', label: 'Fade' },
    { value: 'slide', label: 'Slide' },
    { value: 'none', label: 'None' },
  ],
};

/** What a reader who never chose reads with: the product's own look. */
export const DEFAULT_READING_SETTINGS: ReadingSettings = {
  textSize: 'medium',
  typeface: 'serif',
  lineSpacing: 'normal',
  theme: 'dark',
  reducedMotion: false,
  transition: 'fade',
};

export const readingSettingsMessages = {
  notAnObject: 'Reading settings must be an object.',
  invalid: (field: string, allowed: readonly string[]) => `${field} must be one of: ${allowed.join(', ')}.`,
  reducedMotion: 'reducedMotion must be true or false.',
  emptyChange: 'Choose at least one reading setting.',
} as const;

/** Some of the settings: what one choice in the settings panel changes. */
export type ReadingSettingsChange = Partial<ReadingSettings>;

const choiceKeys = ['textSize', 'typeface', 'lineSpacing', 'theme', 'transition'] as const;

/**
 * Reads a whole choice of settings: every field present and one of its values. Answers the
 * settings, or the message of the first field that is not.
 */
export function readingSettingsFrom(input: unknown): { settings: ReadingSettings } | { problem: string } {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { problem: readingSettingsMessages.notAnObject };
  }
  const fields = input as Record<string, unknown>;
  for (const key of choiceKeys) {
    const allowed = READING_SETTING_CHOICES[key].map((choice) => choice.value as string);
    if (typeof fields[key] !== 'string' || !allowed.includes(fields[key])) {
      return { problem: readingSettingsMessages.invalid(key, allowed) };
    }
  }
  if (typeof fields.reducedMotion !== 'boolean') return { problem: readingSettingsMessages.reducedMotion };
  const settings = Object.fromEntries(
    [...choiceKeys, 'reducedMotion'].map((key) => [key, fields[key]]),
  ) as unknown as ReadingSettings;
  return { settings };
}

/**
 * Reads a change to some of the settings: each field given is one of its values, at least one is
 * given, and fields that are not settings are left out. Answers the change, or the message of the
 * first field that is not one of its values.
 */
export function readingSettingsChangeFrom(
  input: unknown,
): { change: ReadingSettingsChange } | { problem: string } {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { problem: readingSettingsMessages.notAnObject };
  }
  const fields = input as Record<string, unknown>;
  const change: Record<string, unknown> = {};
  for (const key of choiceKeys) {
    if (fields[key] === undefined) continue;
    const allowed = READING_SETTING_CHOICES[key].map((choice) => choice.value as string);
    if (typeof fields[key] !== 'string' || !allowed.includes(fields[key])) {
      return { problem: readingSettingsMessages.invalid(key, allowed) };
    }
    change[key] = fields[key];
  }
  if (fields.reducedMotion !== undefined) {
    if (typeof fields.reducedMotion !== 'boolean') return { problem: readingSettingsMessages.reducedMotion };
    change.reducedMotion = fields.reducedMotion;
  }
  if (Object.keys(change).length === 0) return { problem: readingSettingsMessages.emptyChange };
  return { change: change as ReadingSettingsChange };
}

/** The settings with a change laid over them, field by field: what the change leaves alone stays. */
export const withReadingSettingsChange = (
  settings: ReadingSettings,
  change: ReadingSettingsChange,
): ReadingSettings => ({ ...settings, ...change });
