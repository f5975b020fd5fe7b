/**
 * Upcasters turn the data of an older schema version into the next one. An event stored as
 * version n is passed through upcasters[type][n], [n+1], ... until it reaches the current
 * version (codec.ts does this); the result is then validated against the current schema.
 *
 * Every event is at version 1 today, so the table is empty. To evolve an event: bump its
 * schemaVersion in the catalogue and add `{ [Type]: { 1: (v1) => v2 } }` here, with a test.
 */
type Upcaster = (data: unknown) => unknown;

export const upcasters: Readonly<Record<string, Readonly<Record<number, Upcaster>>>> = {};
