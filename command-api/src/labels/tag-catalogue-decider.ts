import { isValidTag, labelMessages, normaliseTag, refuse } from '@nocturne/domain';
import { type EventOf, type RecordedEvent, streams } from '@nocturne/events';
import { aggregateStream, type EventStore } from '@nocturne/events/store';
import type { Command, Decider, Decision } from '../shared/decider';

export type TagCatalogueEvent = EventOf<'TagAdded' | 'TagRemoved'>;

/** The curated tags writers choose from (`tag_catalogue-main`). */
export type TagCatalogue = ReadonlySet<string>;

export type AddTag = Command<'AddTag', { tag: string }>;
export type RemoveTag = Command<'RemoveTag', { tag: string }>;
export type TagCatalogueCommand = AddTag | RemoveTag;

export function evolveTagCatalogue(
  catalogue: TagCatalogue,
  event: TagCatalogueEvent | RecordedEvent<TagCatalogueEvent>,
): TagCatalogue {
  const next = new Set(catalogue);
  if (event.type === 'TagAdded') next.add(event.data.tag);
  else next.delete(event.data.tag);
  return next;
}

/** A tag is added in its normalised form; adding one twice is a conflict, removing an unknown one a 404. */
export function decideTagCatalogue(
  command: TagCatalogueCommand,
  catalogue: TagCatalogue,
): Decision<TagCatalogueEvent> {
  const tag = normaliseTag(command.data.tag);
  if (!isValidTag(tag)) return refuse('invalid', labelMessages.badTag);
  switch (command.type) {
    case 'AddTag':
      if (catalogue.has(tag)) return refuse('conflict', labelMessages.tagExists(tag));
      return [{ type: 'TagAdded', data: { tag } }];
    case 'RemoveTag':
      if (!catalogue.has(tag)) return refuse('not_found', labelMessages.tagNotFound(tag));
      return [{ type: 'TagRemoved', data: { tag } }];
  }
}

export const tagCatalogueDecider: Decider<TagCatalogueCommand, TagCatalogue, TagCatalogueEvent> = {
  initialState: () => new Set(),
  evolve: evolveTagCatalogue,
  decide: decideTagCatalogue,
};

/** The curated tags as the event log holds them now, for commands that check a story's tags. */
export async function loadTagCatalogue(store: EventStore): Promise<TagCatalogue> {
  const { state } = await aggregateStream(
    store,
    streams.tagCatalogue(),
    evolveTagCatalogue,
    tagCatalogueDecider.initialState,
  );
  return state;
}
