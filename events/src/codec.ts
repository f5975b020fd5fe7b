import { randomUUID } from 'node:crypto';
import { catalogue, type DomainEvent, type EventDefinition } from './catalogue';
import { upcasters as catalogueUpcasters } from './catalogue/upcasters';
import { type CommandContext, EventMetadata } from './metadata';
import type { RecordedEvent } from './recorded-event';
import { type SameAsParsed, sameAsParsed } from './same-as-parsed';
import type { NewEvent, StoredEvent } from './store/port';

export type { RecordedEvent } from './recorded-event';

/** `table[type][n]` turns data of schema version n into version n + 1. */
export type UpcasterTable = Readonly<Record<string, Readonly<Record<number, (data: unknown) => unknown>>>>;

export interface EventCodec {
  /** Validates a domain event against its schema (on write) and adds metadata. */
  encode(event: DomainEvent, context: CommandContext, eventId?: string): NewEvent;
  /** Upcasts and validates a stored event (on read). Throws on an event that fails its schema. */
  decode(stored: StoredEvent): RecordedEvent;
}

/**
 * A codec over a set of event definitions and upcasters. The app uses the one over the
 * catalogue (encodeEvent / decodeEvent below); tests build one over their own definitions to
 * show how a future schema version is read.
 */
export function createCodec(
  definitions: ReadonlyMap<string, EventDefinition>,
  upcasters: UpcasterTable,
): EventCodec {
  // Data stored at the current version that its schema would parse into a deep-equal copy is
  // taken as it was read: no second object per event (same-as-parsed.ts).
  const sameAs = new Map<string, SameAsParsed | undefined>();
  for (const [type, definition] of definitions) sameAs.set(type, sameAsParsed(definition.schema));
  const metadataSameAs = sameAsParsed(EventMetadata);
  const parseData = (type: string, definition: EventDefinition, data: unknown, upcast: boolean) =>
    !upcast && sameAs.get(type)?.(data) ? data : definition.schema.parse(data);

  const definitionOf = (type: string): EventDefinition => {
    const definition = definitions.get(type);
    if (!definition) throw new Error(`Unknown event type ${type}`);
    return definition;
  };

  return {
    encode(event, context, eventId = randomUUID()) {
      const definition = definitionOf(event.type);
      const data = definition.schema.parse(event.data);
      const metadata: EventMetadata = {
        correlationId: context.correlationId,
        causationId: context.causationId,
        actor: context.actor,
        ...(context.traceparent !== undefined && { traceparent: context.traceparent }),
        schemaVersion: definition.schemaVersion,
      };
      return { eventId, type: event.type, data, metadata };
    },

    decode(stored) {
      const definition = definitionOf(stored.type);
      const metadata = metadataSameAs?.(stored.metadata)
        ? (stored.metadata as EventMetadata)
        : EventMetadata.parse(stored.metadata);
      if (metadata.schemaVersion > definition.schemaVersion) {
        throw new Error(
          `${stored.type} ${stored.eventId} has schema version ${metadata.schemaVersion}, newer than this code's ${definition.schemaVersion}`,
        );
      }
      let data = stored.data;
      for (let version = metadata.schemaVersion; version < definition.schemaVersion; version++) {
        const step = upcasters[stored.type]?.[version];
        if (!step) throw new Error(`No upcaster for ${stored.type} from schema version ${version}`);
        data = step(data);
      }
      return {
        // The catalogue's own string, equal to the stored one: a projection's test of which
        // types it handles then compares one pointer, not the characters of a string read anew.
        type: definition.type,
        data: parseData(stored.type, definition, data, metadata.schemaVersion !== definition.schemaVersion),
        eventId: stored.eventId,
        streamName: stored.streamName,
        streamRevision: stored.streamRevision,
        position: stored.position,
        metadata: { ...metadata, schemaVersion: definition.schemaVersion },
        recordedAt: stored.recordedAt,
      } as RecordedEvent;
    },
  };
}

const catalogueCodec = createCodec(catalogue, catalogueUpcasters);

/** Validates a domain event against its schema (on write) and adds metadata. */
export function encodeEvent(
  event: DomainEvent,
  context: CommandContext,
  eventId: string = randomUUID(),
): NewEvent {
  return catalogueCodec.encode(event, context, eventId);
}

/** Upcasts and validates a stored event (on read). Throws on an event that fails its schema. */
export function decodeEvent(stored: StoredEvent): RecordedEvent {
  return catalogueCodec.decode(stored);
}
