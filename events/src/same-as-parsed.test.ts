import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { catalogue } from './catalogue';
import { decodeEvent } from './codec';
import { EventMetadata } from './metadata';
import { sameAsParsed } from './same-as-parsed';

type Schema = z.core.$ZodType;

// Strings for the catalogue's string checks and formats: a sample takes the first its schema accepts.
const STRINGS = [
  'a',
  'pii:v1:c2VhbGVk',
  'a'.repeat(64),
  '2026-12-02T17:00:00.000Z',
  '2026-12-02',
  'EUR',
  'abcdef12-3456',
  '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  'story_1',
  '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
  'someone@example.org',
  '',
];
const NUMBERS = [1, 2, 0, 1.5, -1];

const accepts = (schema: Schema, value: unknown) => z.safeParse(schema, value).success;

/** A value the schema accepts, built from its definition; the n-th varies strings and choices. */
function sample(schema: Schema, n = 0): unknown {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  const pick = (candidates: readonly unknown[]) => {
    const ok = candidates.filter((c) => accepts(schema, c));
    return ok[n % Math.max(ok.length, 1)];
  };
  switch (def.type) {
    case 'string':
      return pick(STRINGS);
    case 'number':
      return pick(NUMBERS);
    case 'boolean':
      return n % 2 === 0;
    case 'literal':
    case 'enum':
      return pick([...(schema._zod.values ?? [])]);
    case 'optional':
      return n % 2 === 0 ? sample(def.innerType as Schema, n) : undefined;
    case 'nullable':
      return n % 2 === 0 ? sample(def.innerType as Schema, n) : null;
    case 'array': {
      for (let length = 0; length <= 10; length++) {
        const value = Array.from({ length }, (_, i) => sample(def.element as Schema, n + i));
        if (accepts(schema, value)) return value;
      }
      return [];
    }
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(def.shape as Record<string, Schema>)) {
        const v = sample(field, n);
        if (v !== undefined) value[key] = v;
      }
      return value;
    }
    case 'union':
      return sample((def.options as Schema[])[n % (def.options as Schema[]).length]!, n);
    default:
      return undefined;
  }
}

/** Values near a sample: one key more, each key left out, each leaf swapped for wrong ones. */
function variants(value: unknown): unknown[] {
  const out: unknown[] = [null, 'x', 7, [], {}];
  if (Array.isArray(value)) {
    out.push([...value, value[0]], value.slice(1));
    value.forEach((item, i) => {
      for (const v of variants(item)) out.push(value.map((x, j) => (j === i ? v : x)));
    });
  } else if (typeof value === 'object' && value !== null) {
    out.push({ ...value, unknownKey: 1 });
    for (const key of Object.keys(value)) {
      const { [key]: _, ...rest } = value as Record<string, unknown>;
      out.push(rest);
      for (const v of variants((value as Record<string, unknown>)[key])) out.push({ ...rest, [key]: v });
    }
  } else {
    out.push('', -1, 1.5, true, undefined);
  }
  return out;
}

/** The fast test says yes only where the parse succeeds and gives back a deep-equal value. */
function expectSameAsParse(schema: Schema, value: unknown) {
  const test = sameAsParsed(schema)!;
  const parsed = z.safeParse(schema, value);
  if (test(value)) {
    expect(parsed.success, JSON.stringify(value)).toBe(true);
    expect(parsed.data).toStrictEqual(value);
  }
  return parsed.success;
}

const definitions = [...catalogue.values()];

describe('sameAsParsed over the catalogue', () => {
  it('covers every event type but those whose schema it cannot follow', () => {
    const parsedAlways = definitions.filter((d) => !sameAsParsed(d.schema)).map((d) => d.type);
    expect(parsedAlways).toEqual(['PaymentConfirmationSubmitted']);
    expect(sameAsParsed(EventMetadata)).toBeDefined();
  });

  for (const definition of definitions.filter((d) => sameAsParsed(d.schema))) {
    it(`${definition.type}: yes only where the parse gives the same value, and to its samples`, () => {
      const test = sameAsParsed(definition.schema)!;
      for (let n = 0; n < 4; n++) {
        const value = sample(definition.schema, n);
        expect(accepts(definition.schema, value), JSON.stringify(value)).toBe(true);
        expect(test(value), JSON.stringify(value)).toBe(true);
        let refused = 0;
        for (const variant of variants(value)) if (!expectSameAsParse(definition.schema, variant)) refused++;
        expect(refused).toBeGreaterThan(0);
      }
    });
  }

  it('metadata: yes only where the parse gives the same value', () => {
    for (let n = 0; n < 5; n++) {
      const value = sample(EventMetadata, n);
      expect(sameAsParsed(EventMetadata)!(value)).toBe(true);
      for (const variant of variants(value)) expectSameAsParse(EventMetadata, variant);
    }
  });
});

describe('sameAsParsed on what it does not follow', () => {
  it('leaves defaults, transforms, trims, coercion, records and catchalls to the parse', () => {
    for (const schema of [
      z.object({ a: z.string().default('x') }),
      z.string().transform((s) => s.length),
      z.string().trim(),
      z.coerce.number(),
      z.record(z.string(), z.string()),
      z.object({ a: z.string() }).catchall(z.string()),
      z.object({ a: z.string() }).passthrough(),
      z.union([z.string(), z.number()]),
    ]) {
      expect(sameAsParsed(schema)).toBeUndefined();
    }
  });
});

describe('decodeEvent with the fast test', () => {
  const stored = (type: string, data: unknown, schemaVersion: number) => ({
    eventId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    streamName: 's-1',
    streamRevision: 0,
    position: 1,
    type,
    data,
    metadata: { correlationId: 'c', causationId: 'c', actor: { kind: 'system' }, schemaVersion },
    recordedAt: new Date('2026-12-02T17:00:00Z'),
  });

  it('decodes every sample as the full parse does, and still refuses an invalid one', () => {
    for (const definition of definitions) {
      const data = sample(definition.schema);
      const decoded = decodeEvent(stored(definition.type, data, definition.schemaVersion));
      expect(decoded.data).toStrictEqual(definition.schema.parse(data));
      const invalid = variants(data).filter((v) => !accepts(definition.schema, v));
      expect(invalid.length).toBeGreaterThan(0);
      for (const v of invalid) {
        expect(() => decodeEvent(stored(definition.type, v, definition.schemaVersion))).toThrow();
      }
    }
    expect(() => decodeEvent(stored('StoryLiked', { storyId: '' }, 1))).toThrow();
    expect(() => decodeEvent(stored('StoryLiked', {}, 1))).toThrow();
  });
});
