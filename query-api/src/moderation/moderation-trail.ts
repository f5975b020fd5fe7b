import { type Actor, decodeEvent, type RecordedEvent, streams } from '@nocturne/events';
import type { EventStore } from '@nocturne/events/store';

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

function entryOf(event: RecordedEvent): TrailEntry | null {
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
      return { ...base, what: `reported: ${event.data.reason}`, why: event.data.text || null };
    case 'ModerationDecided':
      return {
        ...base,
        what: `decision: ${event.data.action} (${event.data.closedReports.length} report(s) closed${
          event.data.closedAppealId ? ', appeal closed' : ''
        })`,
        why: event.data.reason,
      };
    case 'DecisionAppealed':
      return { ...base, what: 'appealed by the publishing account', why: event.data.text };
    default:
      return null;
  }
}

/**
 * A story's moderation audit trail, from the event store itself: its publication, reports,
 * decisions (hide, restore, delete, re-rate, dismiss) and appeals, in log order, each with who and why.
 * Read from both of the story's streams (`story-{id}` and `story_reports-{id}`).
 */
export async function storyModerationTrail(store: EventStore, storyId: string): Promise<TrailEntry[]> {
  const [story, reports] = await Promise.all([
    store.readStream(streams.story(storyId)),
    store.readStream(streams.storyReports(storyId)),
  ]);
  return [...story, ...reports]
    .map(decodeEvent)
    .sort((a, b) => a.position - b.position)
    .flatMap((event) => entryOf(event) ?? []);
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
