// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { storyHref, storyPreview } from '../stories/story';
import { maskEmail } from './mask-email';

describe('maskEmail', () => {
  it('shows the first character of a local part of 4 characters or fewer', () => {
    expect(maskEmail('anna@example.com')).toBe('a***@example.com');
    expect(maskEmail('bo@example.com')).toBe('b***@example.com');
    expect(maskEmail('x@example.com')).toBe('x***@example.com');
  });

  it('shows the first 2 and last 2 characters of a longer local part', () => {
    expect(maskEmail('annabelle@example.com')).toBe('an***le@example.com');
    expect(maskEmail('jonas@nocturne.test')).toBe('jo***as@nocturne.test');
  });

  it('keeps the domain after the last @', () => {
    expect(maskEmail('"a@b"quoted@example.com')).toBe('"a***ed@example.com');
  });
});

describe('storyPreview', () => {
  it('takes the first 10 words and adds an ellipsis', () => {
    const text = 'one two three four five six seven eight nine ten eleven twelve';
    expect(storyPreview(text)).toBe('one two three four five six seven eight nine ten...');
  });

  it('collapses whitespace and keeps short texts whole', () => {
    expect(storyPreview('  The   night\nwas young ')).toBe('The night was young...');
  });

  it('is empty for a missing text', () => {
    expect(storyPreview(undefined)).toBe('');
    expect(storyPreview('   ')).toBe('');
  });
});

describe('storyHref', () => {
  it('sends a visitor on a premium card to signup', () => {
    expect(storyHref({ id: 's1', isPremium: true }, false)).toBe('/auth/signup');
  });

  it('opens the story otherwise', () => {
    expect(storyHref({ id: 's1', isPremium: true }, true)).toBe('/story/s1');
    expect(storyHref({ id: 's2', isPremium: false }, false)).toBe('/story/s2');
  });
});
