import type { z } from 'zod';

/**
 * Whether a value read from the log's JSON is one the schema accepts and parses into a
 * deep-equal copy: then the value itself may stand for the parse, and decoding builds no second
 * object per event. False means "not known to be so", not "invalid": the caller parses as
 * always, so only a true must be certain.
 */
export type SameAsParsed = (value: unknown) => boolean;

type Schema = z.core.$ZodType;

// Checks on a string, a number or an array that only test (never change) the value.
const TESTING_CHECKS = new Set(['min_length', 'max_length', 'length_equals', 'custom']);

const ZOD_CONTEXT = { async: false } as const;

/** The schema's own parse of a leaf, kept only when it raised nothing and returned the value. */
function leafTest(schema: Schema): SameAsParsed {
  return (value) => {
    const payload = { value, issues: [] as unknown[] };
    const result = schema._zod.run(payload as z.core.ParsePayload, ZOD_CONTEXT);
    return !(result instanceof Promise) && result.issues.length === 0 && result.value === value;
  };
}

type Test = (value: never) => boolean;

/**
 * A string's or a number's checks written out, for the kinds the catalogue uses (the parse's
 * own run of a leaf costs more than the whole object's parse saves); undefined for any other.
 */
function writtenOut(check: z.core.$ZodCheck): Test | undefined {
  const def = check._zod.def as z.core.$ZodCheckDef & Record<string, unknown>;
  switch (def.check) {
    case 'min_length':
      return (v: string) => v.length >= (def.minimum as number);
    case 'max_length':
      return (v: string) => v.length <= (def.maximum as number);
    case 'length_equals':
      return (v: string) => v.length === def.length;
    case 'starts_with':
      return (v: string) => v.startsWith(def.prefix as string);
    case 'string_format': {
      if (def.format !== 'regex') return undefined;
      const pattern = def.pattern as RegExp;
      return (v: string) => {
        pattern.lastIndex = 0;
        return pattern.test(v);
      };
    }
    case 'greater_than':
      return def.inclusive
        ? (v: number) => v >= (def.value as number)
        : (v: number) => v > (def.value as number);
    case 'less_than':
      return def.inclusive
        ? (v: number) => v <= (def.value as number)
        : (v: number) => v < (def.value as number);
    case 'number_format':
      return def.format === 'safeint' ? (v: number) => Number.isSafeInteger(v) : undefined;
    default:
      return undefined;
  }
}

function primitiveTest(schema: Schema, def: Record<string, unknown>): SameAsParsed {
  const checks = (def.checks ?? []) as z.core.$ZodCheck[];
  const tests = checks.map(writtenOut);
  // A format schema (an ISO time, a UUID) is its own check: the parse's run tests it.
  if (def.format !== undefined || tests.some((t) => t === undefined)) return leafTest(schema);
  const written = tests as ((value: unknown) => boolean)[];
  const kind = def.type as 'string' | 'number' | 'boolean';
  const typed =
    kind === 'number'
      ? (v: unknown) => typeof v === 'number' && Number.isFinite(v)
      : (v: unknown) => typeof v === kind;
  return (value) => {
    if (!typed(value)) return false;
    for (const test of written) if (!test(value)) return false;
    return true;
  };
}

function checksTest(schema: Schema): ((value: unknown) => boolean) | undefined {
  const checks = schema._zod.def.checks ?? [];
  if (checks.length === 0) return () => true;
  if (!checks.every((check) => TESTING_CHECKS.has(check._zod.def.check))) return undefined;
  return (value) => {
    for (const check of checks) {
      const payload = { value, issues: [] as unknown[] };
      const result = check._zod.check(payload as z.core.ParsePayload<never>);
      if (result instanceof Promise || payload.issues.length > 0) return false;
    }
    return true;
  };
}

/**
 * The test for a schema made only of objects (stripping unknown keys, no catchall), arrays,
 * optional and nullable values, unions on a literal discriminator, and leaves (strings, numbers,
 * booleans, literals, enums) whose checks only test; undefined for any other schema (defaults,
 * transforms, pipes, coercion, records...), which is always parsed.
 */
export function sameAsParsed(schema: Schema): SameAsParsed | undefined {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  switch (def.type) {
    case 'string':
    case 'number':
    case 'boolean': {
      if (def.coerce) return undefined;
      const checks = (def.checks ?? []) as z.core.$ZodCheck[];
      if (checks.some((check) => check._zod.def.check === 'overwrite')) return undefined;
      return primitiveTest(schema, def);
    }
    case 'literal':
    case 'enum': {
      const values = schema._zod.values;
      if (!values) return undefined;
      return (value) => values.has(value as never);
    }
    case 'optional': {
      const inner = sameAsParsed(def.innerType as Schema);
      if (!inner) return undefined;
      return (value) => value === undefined || inner(value);
    }
    case 'nullable': {
      const inner = sameAsParsed(def.innerType as Schema);
      if (!inner) return undefined;
      return (value) => value === null || inner(value);
    }
    case 'array': {
      const element = sameAsParsed(def.element as Schema);
      const checks = checksTest(schema);
      if (!element || !checks) return undefined;
      return (value) => Array.isArray(value) && value.every((item) => element(item)) && checks(value);
    }
    case 'object':
      return objectTest(schema, def);
    case 'union':
      return discriminatedTest(def);
    default:
      return undefined;
  }
}

function objectTest(schema: Schema, def: Record<string, unknown>): SameAsParsed | undefined {
  if (def.catchall !== undefined) return undefined;
  const checks = checksTest(schema);
  if (!checks) return undefined;
  const shape = def.shape as Record<string, Schema>;
  const keys = Object.keys(shape);
  const known = new Set(keys);
  const tests: SameAsParsed[] = [];
  for (const key of keys) {
    const test = sameAsParsed(shape[key]!);
    if (!test) return undefined;
    tests.push(test);
  }
  return (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
    const record = value as Record<string, unknown>;
    // A key the schema does not name would be stripped by the parse: not the same.
    for (const key in record) if (!known.has(key)) return false;
    for (let i = 0; i < keys.length; i++) if (!tests[i]!(record[keys[i]!])) return false;
    return checks(value);
  };
}

/** A union whose options are objects told apart by one literal key: the one it names decides. */
function discriminatedTest(def: Record<string, unknown>): SameAsParsed | undefined {
  const discriminator = def.discriminator;
  if (typeof discriminator !== 'string') return undefined;
  const byValue = new Map<unknown, SameAsParsed>();
  for (const option of def.options as Schema[]) {
    const optionDef = option._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
    if (optionDef.type !== 'object') return undefined;
    const key = (optionDef.shape as Record<string, Schema>)[discriminator];
    if (key?._zod.def.type !== 'literal') return undefined;
    const test = sameAsParsed(option);
    if (!test) return undefined;
    for (const literal of key._zod.values ?? []) {
      // Two options for one value: which the parse would take is its business.
      if (byValue.has(literal)) return undefined;
      byValue.set(literal, test);
    }
  }
  return (value) => {
    if (typeof value !== 'object' || value === null) return false;
    const test = byValue.get((value as Record<string, unknown>)[discriminator]);
    return test?.(value) === true;
  };
}
