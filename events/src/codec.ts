import { randomUUID } from 'node:crypto';
import { type DomainEvent, definitionOf } from './catalogue';
import { upcast } from './catalogue/upcasters';
import { type CommandContext, EventMetadata } from './metadata';
import type { NewEvent, StoredEvent } from './store/port';

/** A stored event, validated and upcast to the current schema. */
export type RecordedEvent<E extends DomainEvent = DomainEvent> = E & {
  eventId: string;
  streamName: string;
  streamRevision: number;
  position: number;
  metadata: EventMetadata;
  recordedAt: Date;
};

/** Validates a domain event against its schema (on write) and adds metadata. */
export function encodeEvent(
  event: DomainEvent,
  context: CommandContext,
  eventId: string = randomUUID(),
): NewEvent {
  const definition = definitionOf(event.type);
  const data = definition.schema.parse(event.data);
  const metadata: EventMetadata = {
    correlationId: context.correlationId,
    causationId: context.causationId,
    actor: context.actor,
    schemaVersion: definition.schemaVersion,
  };
  return { eventId, type: event.type, data, metadata };
}

/** Upcasts and validates a stored event (on read). Throws on an event that fails its schema. */
export function decodeEvent(stored: StoredEvent): RecordedEvent {
  const definition = definitionOf(stored.type);
  const metadata = EventMetadata.parse(stored.metadata);
  const data = definition.schema.parse(upcast(stored.type, metadata.schemaVersion, stored.data));
  return {
    type: stored.type,
    data,
    eventId: stored.eventId,
    streamName: stored.streamName,
    streamRevision: stored.streamRevision,
    position: stored.position,
    metadata: { ...metadata, schemaVersion: definition.schemaVersion },
    recordedAt: stored.recordedAt,
  } as RecordedEvent;
}
