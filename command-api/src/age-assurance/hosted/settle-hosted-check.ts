import type { CommandContext } from '@nocturne/events';
import { HttpError } from '@nocturne/http-kit';
import type { CommandApiDeps } from '../../deps';
import type { AgeCheckState } from '../age-check-decider';
import { answerAgeCheck, loadAgeCheck } from '../record-answer';
import type { HostedAgeProvider } from '../yoti/yoti-provider';

/**
 * Asks the hosted provider how a pending check of its stands (its result is fetched with our
 * keys, as Yoti recommends: a notification only says when to ask) and records the answer once
 * the session has finished: `AgeCheckAnswered`, and `AgeAssured` for a member's check that
 * assured. Anything else (another provider's check, an answered one) is returned as it is.
 * Throws HostedProviderUnavailable when the provider does not answer.
 */
export async function settleHostedCheck(
  deps: Pick<CommandApiDeps, 'store' | 'clock' | 'options' | 'onAgeCheckAnswered'>,
  adapter: HostedAgeProvider,
  checkId: string,
  check: AgeCheckState,
  context: CommandContext,
): Promise<AgeCheckState> {
  if (
    check.status !== 'pending' ||
    check.method !== 'hosted' ||
    check.provider !== adapter.provider ||
    !check.reference
  ) {
    return check;
  }
  const outcome = await adapter.outcome(check.reference);
  if (outcome.status === 'pending') return check;
  try {
    return await answerAgeCheck(
      deps,
      checkId,
      outcome.status === 'assured' ? { assured: true } : { assured: false, reason: outcome.reason },
      context,
    );
  } catch (error) {
    // Answered meanwhile (the notification and the returning browser at once), or expired:
    // what the check's stream holds now is the answer.
    if (error instanceof HttpError && error.statusCode === 409) return loadAgeCheck(deps, checkId);
    throw error;
  }
}
