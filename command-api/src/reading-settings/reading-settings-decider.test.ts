import {
  accountMessages,
  DEFAULT_READING_SETTINGS,
  type ReadingSettings,
  type ReadingSettingsChange,
  refuse,
  type UserEvent,
} from '@nocturne/domain';
import { TEST_ACCOUNT_ID, userRegistered } from '@nocturne/events/testing';
import { describe, it } from 'vitest';
import { command } from '../shared/decider';
import { deciderSpec } from '../shared/testing/decider-spec';
import { readingSettingsDecider } from './reading-settings-decider';

const given = deciderSpec(readingSettingsDecider);
const now = new Date('2026-01-10T12:00:00.000Z');
const sepia: ReadingSettings = { ...DEFAULT_READING_SETTINGS, theme: 'sepia', textSize: 'large' };
const choose = (settings: ReadingSettingsChange) => command('ChooseReadingSettings', settings, now);
const chosen = (settings: ReadingSettings): UserEvent => ({ type: 'ReadingSettingsChosen', data: settings });
const deleted: UserEvent = { type: 'UserDeleted', data: { accountId: TEST_ACCOUNT_ID } };

describe('choosing reading settings', () => {
  it("records the member's whole choice, replacing the earlier one", () => {
    given(userRegistered())
      .when(choose(sepia))
      .thenEvents([chosen(sepia)]);
    given(userRegistered(), chosen(sepia))
      .when(choose({ ...sepia, reducedMotion: true }))
      .thenEvents([chosen({ ...sepia, reducedMotion: true })]);
  });

  it('lays a change of one setting over the recorded ones, so quick changes one after the other keep each other (the middle of three was lost when each carried the whole settings)', () => {
    given(userRegistered(), chosen({ ...DEFAULT_READING_SETTINGS, theme: 'sepia' }))
      .when(choose({ textSize: 'larger' }))
      .thenEvents([chosen({ ...DEFAULT_READING_SETTINGS, theme: 'sepia', textSize: 'larger' })]);
    given(
      userRegistered(),
      chosen({ ...DEFAULT_READING_SETTINGS, theme: 'sepia' }),
      chosen({ ...DEFAULT_READING_SETTINGS, theme: 'sepia', textSize: 'larger' }),
    )
      .when(choose({ typeface: 'sans' }))
      .thenEvents([
        chosen({ ...DEFAULT_READING_SETTINGS, theme: 'sepia', textSize: 'larger', typeface: 'sans' }),
      ]);
  });

  it("lays a member's first change over the product's defaults", () => {
    given(userRegistered())
      .when(choose({ reducedMotion: true }))
      .thenEvents([chosen({ ...DEFAULT_READING_SETTINGS, reducedMotion: true })]);
  });

  it('records nothing when the change leaves the recorded settings as they are', () => {
    given(userRegistered(), chosen(sepia))
      .when(choose({ theme: 'sepia' }))
      .thenNothing();
  });

  it('records nothing when the choice is the one already recorded', () => {
    given(userRegistered(), chosen(sepia)).when(choose(sepia)).thenNothing();
  });

  it('records the defaults when chosen after something else, and as a first choice', () => {
    given(userRegistered(), chosen(sepia))
      .when(choose(DEFAULT_READING_SETTINGS))
      .thenEvents([chosen(DEFAULT_READING_SETTINGS)]);
    given(userRegistered())
      .when(choose(DEFAULT_READING_SETTINGS))
      .thenEvents([chosen(DEFAULT_READING_SETTINGS)]);
  });

  it('refuses (401) an account that does not exist or was deleted', () => {
    given().when(choose(sepia)).thenRefuses(refuse('unauthenticated', accountMessages.notAuthenticated));
    given(userRegistered(), chosen(sepia), deleted)
      .when(choose(sepia))
      .thenRefuses(refuse('unauthenticated', accountMessages.notAuthenticated));
  });
});
