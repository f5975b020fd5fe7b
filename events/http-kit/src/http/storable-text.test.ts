import { describe, expect, it } from 'vitest';
import { unstorableText } from './storable-text';

describe('text the event store cannot hold', () => {
  it('finds a NUL or an unpaired surrogate anywhere, and names the field', () => {
    expect(unstorableText({ feedback: 'a\u0000b' })).toBe('feedback: must not contain a NUL character');
    expect(unstorableText({ a: [{ b: 'x\uD800' }] })).toBe(
      'a.0.b: must not contain an unpaired UTF-16 surrogate',
    );
    expect(unstorableText({ a: '\uDC00x' })).toMatch(/^a: .*surrogate/);
    expect(unstorableText({ 'k\u0000': 1 })).toMatch(/NUL/);
    expect(unstorableText('x\u0000', 'texts.3')).toBe('texts.3: must not contain a NUL character');
  });

  it('lets every well-formed text through: emoji (a surrogate pair), accents, empty', () => {
    expect(unstorableText({ a: 'nuit 🌙 étoilée', b: '', c: [1, null, true, { d: '日本' }] })).toBeNull();
    expect(unstorableText(undefined)).toBeNull();
  });

  it('walks deep nesting without overflowing the stack', () => {
    let deep: unknown = 'bottom\u0000';
    for (let i = 0; i < 100_000; i++) deep = { x: deep };
    expect(unstorableText(deep)).toMatch(/NUL/);
  });
});
