import type { z } from 'zod';
import { ageCheckEvents } from './age-checks';
import { creatorEvents } from './creators';
import type { EventDefinition } from './define';
import { digestEvents } from './digest';
import { tagCatalogueEvents } from './labels';
import { moderationEvents } from './moderation';
import { paymentNoticeEvents, purchaseEvents } from './payments';
import { readingEvents } from './reading';
import { staffEvents } from './staff';
import { storyEvents } from './stories';
import { userEvents } from './users';
import { waitlistEvents } from './waitlist';

export * from './age-checks';
export * from './creators';
export * from './define';
export * from './digest';
export * from './fields';
export * from './labels';
export * from './moderation';
export * from './payments';
export * from './reading';
export * from './staff';
export * from './stories';
export * from './users';
export * from './waitlist';

const all = [
  ...userEvents,
  ...storyEvents,
  ...tagCatalogueEvents,
  ...readingEvents,
  ...waitlistEvents,
  ...staffEvents,
  ...moderationEvents,
  ...creatorEvents,
  ...digestEvents,
  ...purchaseEvents,
  ...paymentNoticeEvents,
  ...ageCheckEvents,
] as const;
type AnyDefinition = (typeof all)[number];

export type EventType = AnyDefinition['type'];
type DefinitionOf<T extends EventType> = Extract<AnyDefinition, { type: T }>;
export type EventData<T extends EventType> = z.infer<DefinitionOf<T>['schema']>;

/** Every domain event as a discriminated union on `type`. */
export type DomainEvent = { [T in EventType]: { type: T; data: EventData<T> } }[EventType];
export type EventOf<T extends EventType> = Extract<DomainEvent, { type: T }>;

export const catalogue: ReadonlyMap<string, EventDefinition> = new Map(all.map((d) => [d.type, d]));
