import { type CreatorAssurance, evolveUser, initialUserState, type UserEvent } from '@nocturne/domain';
import { type Actor, decodeEvent, type RecordedEvent, streams } from '@nocturne/events';
import type { EventStore } from '@nocturne/events/store';
import { verifyAgeToken } from '@nocturne/http-kit/auth';
import type { FastifyRequest } from 'fastify';
import type { CommandApiDeps } from '../deps';

/**
 * Until when a member's own age assurance holds: their user stream's AgeAssured events folded
 * by the deciders' `evolveUser` (only those are read: a reader's stream is mostly logins).
 */
export async function memberAssuredUntil(store: EventStore, userKey: string): Promise<string | null> {
  const assured = (await store.readStreamTypes(streams.user(userKey), ['AgeAssured'])).map(
    (stored) => decodeEvent(stored) as RecordedEvent<UserEvent>,
  );
  return assured.reduce(evolveUser, initialUserState()).ageAssuredUntil;
}

/** Whether the product assures ages at all: creators of Explicit stories are asked wherever it does. */
const assuring = (deps: { options: Pick<CommandApiDeps['options'], 'ageAssurance'> }) =>
  (deps.options.ageAssurance?.mode ?? 'off') !== 'off';

/**
 * What the decider needs to know of the creator publishing: a member's assurance from their
 * stream; an invite-code holder (no account, no stream) is assured by the visitor token their
 * device holds; the staff, publishing as the product, are not asked.
 */
export async function creatorAssurance(
  deps: Pick<CommandApiDeps, 'store' | 'options' | 'clock'>,
  actor: Actor,
  request?: FastifyRequest,
): Promise<CreatorAssurance> {
  if (actor.kind === 'admin' || !assuring(deps)) return { required: false, assuredUntil: null };
  if (actor.kind === 'user') {
    return { required: true, assuredUntil: await memberAssuredUntil(deps.store, actor.userKey) };
  }
  const token = request?.headers['x-age-assurance'];
  const verified = verifyAgeToken(deps.options.secret, token, deps.clock());
  return { required: true, assuredUntil: verified?.expiresAt ?? null };
}

/** A member's assurance, for the scheduler's publish of their draft (no request, no actor). */
export async function scheduledCreatorAssurance(
  deps: { store: EventStore; options: Pick<CommandApiDeps['options'], 'ageAssurance'> },
  creatorKey: string | null,
): Promise<CreatorAssurance> {
  if (creatorKey === null || !assuring(deps)) return { required: false, assuredUntil: null };
  return { required: true, assuredUntil: await memberAssuredUntil(deps.store, creatorKey) };
}
