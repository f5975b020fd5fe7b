import { type Actor, decodeEvent, type RecordedEvent, streams } from '@nocturne/events';
import type { EventStore } from '@nocturne/events/store';
import { freeTextsOf, type PiiVault } from '@nocturne/vault';

export interface TrailEntry {
  at: string;
  what: string;
  /** Who: an admin session (never its address), the publishing account, a reporter's kind. */
  who: string;
  /** The stated reason or text, when the event has one. */
  why: string | null;
}

const whoOf = (actor: Actor): string =>
  actor.kind === 'admin'
    ? `admin session ${actor.session}`
    : actor.kind === 'user'
      ? `user ${actor.userKey}`
      : actor.kind === 'anonymous'
        ? 'a visitor'
        : `the ${actor.kind}`;

/** In place of what a reporter or appealing creator wrote, once it went with their account. */
export const REMOVED_TEXT = '(removed with the account that wrote it)';

function entryOf(event: RecordedEvent, written: string | null | undefined): TrailEntry | null {
  const text = written === null ? REMOVED_TEXT : written || null;
  const base = { at: event.recordedAt.toISOString(), who: whoOf(event.metadata.actor) };
  switch (event.type) {
    case 'StoryPublished':
      return { ...base, what: 'published', why: null };
    case 'StoryHidden':
      return { ...base, what: 'hidden', why: event.data.reason };
    case 'StoryRestored':
      return { ...base, what: 'restored', why: event.data.reason };
    case 'StoryDeleted':
      return { ...base, what: 'deleted', why: null };
    case 'StoryRatingChanged':
      return { ...base, what: `rated ${event.data.rating}`, why: event.data.reason };
    case 'StoryReported':
      return { ...base, what: `reported: ${event.data.reason}`, why: text };
    case 'ModerationDecided':
      return {
        ...base,
        what: `decision: ${event.data.action} (${event.data.closedReports.length} report(s) closed${
          event.data.closedAppealId ? ', appeal closed' : ''
        })`,
        why: event.data.reason,
      };
    case 'DecisionAppealed':
      return { ...base, what: 'appealed by the publishing account', why: text };
    default:
      return null;
  }
}

/**
 * A story's moderation audit trail, from the event store itself: its publication, reports,
 * decisions (hide, restore, delete, re-rate, dismiss) and appeals, in log order, each with who and why.
 * Read from both of the story's streams (`story-{id}` and `story_reports-{id}`). What reporters
 * and appealing creators wrote is opened with the vault (REMOVED_TEXT once its writer is erased).
 */
export async function storyModerationTrail(
  store: EventStore,
  vault: PiiVault,
  storyId: string,
): Promise<TrailEntry[]> {
  const [story, reports] = await Promise.all([
    store.readStream(streams.story(storyId)),
    store.readStream(streams.storyReports(storyId)),
  ]);
  const events = [...story, ...reports].map(decodeEvent).sort((a, b) => a.position - b.position);
  const written = events.flatMap((event) =>
    event.type === 'StoryReported' || event.type === 'DecisionAppealed' ? [event.data] : [],
  );
  const texts = await freeTextsOf(vault, written);
  const textOf = new Map(written.map((data, i) => [data, texts[i]]));
  return events.flatMap((event) => entryOf(event, textOf.get(event.data as never)) ?? []);
}

/** The trail as text for the terminal (`npm run audit -- --story <id>`). */
export function formatModerationTrail(storyId: string, trail: readonly TrailEntry[]): string {
  const lines = [
    `Moderation trail of story ${storyId}`,
    '',
    ...(trail.length === 0
      ? ['  (no events)']
      : trail.map((e) => `  ${e.at}  ${e.what}  by ${e.who}${e.why ? `  because: ${e.why}` : ''}`)),
  ];
  return `${lines.join('\n')}\n`;
}
