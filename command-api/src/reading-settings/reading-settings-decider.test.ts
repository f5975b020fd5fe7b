import {
  accountMessages,
  DEFAULT_READING_SETTINGS,
  type ReadingSettings,
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
const choose = (settings: ReadingSettings) => command('ChooseReadingSettings', settings, now);
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
