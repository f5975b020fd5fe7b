import { type CommandContext, streams } from '@nocturne/events';
import { aggregateStream } from '@nocturne/events/store';
import type { CommandApiDeps } from '../deps';
import { command } from '../shared/decider';
import { handleCommand } from '../shared/handle-command';
import { ageAssuredDecider } from './age-assured-decider';
import { type AgeCheckState, ageCheckDecider } from './age-check-decider';
import type { RefusalReason } from './age-verifier';

/** The product's default: an assurance holds 12 months. */
const DEFAULT_VALIDITY_DAYS = 365;

/** The check as its stream holds it (status `none` when there is no such check). */
export async function loadAgeCheck(
  deps: Pick<CommandApiDeps, 'store'>,
  checkId: string,
): Promise<AgeCheckState> {
  return (
    await aggregateStream(
      deps.store,
      streams.ageCheck(checkId),
      ageCheckDecider.evolve,
      ageCheckDecider.initialState,
    )
  ).state;
}

/**
 * A provider's answer to a check, through the one command path: `AgeCheckAnswered` on the check
 * (once: a second answer, or one after the check expired, is refused as a 409 and stores
 * nothing), then, when it assures a member's check, `AgeAssured` on their stream. Assurance holds
 * AGE_ASSURANCE_VALIDITY_DAYS from now.
 */
export async function answerAgeCheck(
  deps: Pick<CommandApiDeps, 'store' | 'clock' | 'options' | 'onAgeCheckAnswered'>,
  checkId: string,
  answer: { assured: true } | { assured: false; reason: RefusalReason | string },
  context: CommandContext,
): Promise<AgeCheckState> {
  const now = deps.clock();
  const validityDays = deps.options.ageAssurance?.validityDays ?? DEFAULT_VALIDITY_DAYS;
  // Whole seconds: the visitor token carries its expiry in seconds, and says the same time.
  const expiry = Math.floor((now.getTime() + validityDays * 86_400_000) / 1000) * 1000;
  const assuranceExpiresAt = answer.assured ? new Date(expiry).toISOString() : null;
  const result = await handleCommand(
    deps.store,
    streams.ageCheck(checkId),
    ageCheckDecider,
    command(
      'AnswerAgeCheck',
      {
        outcome: answer.assured ? ('assured' as const) : ('refused' as const),
        reason: answer.assured ? null : answer.reason,
        assuranceExpiresAt,
      },
      now,
    ),
    context,
  );
  const check = result.state;
  if (check.status !== 'answered') return check;
  if (answer.assured && check.member && assuranceExpiresAt) {
    await handleCommand(
      deps.store,
      streams.user(check.member),
      ageAssuredDecider,
      command(
        'RecordAgeAssured',
        {
          method: check.method,
          provider: check.provider,
          assuredAt: now.toISOString(),
          expiresAt: assuranceExpiresAt,
        },
        now,
      ),
      context,
    );
  }
  deps.onAgeCheckAnswered?.(
    answer.assured
      ? { outcome: 'assured', method: check.method, provider: check.provider }
      : { outcome: 'refused', reason: answer.reason },
  );
  return check;
}
