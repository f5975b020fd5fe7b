import type { DomainEvent } from './catalogue';
import type { EventMetadata } from './metadata';

/** A stored event, validated and upcast to the current schema. */
export type RecordedEvent<E extends DomainEvent = DomainEvent> = E & {
  eventId: string;
  streamName: string;
  streamRevision: number;
  position: number;
  metadata: EventMetadata;
  recordedAt: Date;
};
