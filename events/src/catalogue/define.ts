import type { z } from 'zod';

export interface EventDefinition<T extends string = string, S extends z.ZodType = z.ZodType> {
  readonly type: T;
  /** Current schema version; older stored versions are upcast on read (see upcasters.ts). */
  readonly schemaVersion: number;
  readonly schema: S;
}

export function defineEvent<T extends string, S extends z.ZodType>(
  type: T,
  schemaVersion: number,
  schema: S,
): EventDefinition<T, S> {
  return { type, schemaVersion, schema };
}
