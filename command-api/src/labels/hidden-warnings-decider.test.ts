import { accountMessages, refuse, type UserEvent } from '@nocturne/domain';
import { TEST_ACCOUNT_ID, userRegistered } from '@nocturne/events/testing';
import { describe, it } from 'vitest';
import { command } from '../shared/decider';
import { deciderSpec } from '../shared/testing/decider-spec';
import { hiddenWarningsDecider } from './hidden-warnings-decider';

const given = deciderSpec(hiddenWarningsDecider);
const now = new Date('2026-01-10T12:00:00.000Z');
const choose = (warnings: ('violence' | 'gore')[]) => command('ChooseHiddenWarnings', { warnings }, now);
const chosen = (warnings: ('violence' | 'gore')[]): UserEvent => ({
  type: 'HiddenWarningsChosen',
  data: { warnings },
});

describe('hiding stories by content warning', () => {
  it("records the reader's choice, replacing the earlier one", () => {
    given(userRegistered(), chosen(['violence']))
      .when(choose(['gore']))
      .thenEvents([chosen(['gore'])]);
  });

  it('records an empty choice (nothing hidden)', () => {
    given(userRegistered())
      .when(choose([]))
      .thenEvents([chosen([])]);
  });

  it('refuses (401) an account that does not exist or was deleted', () => {
    given()
      .when(choose(['gore']))
      .thenRefuses(refuse('unauthenticated', accountMessages.notAuthenticated));
    given(userRegistered(), { type: 'UserDeleted', data: { accountId: TEST_ACCOUNT_ID } })
      .when(choose(['gore']))
      .thenRefuses(refuse('unauthenticated', accountMessages.notAuthenticated));
  });
});
