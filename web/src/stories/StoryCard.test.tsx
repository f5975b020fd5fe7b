// @vitest-environment jsdom
import type { Story } from '@nocturne/domain';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { aStory } from '../testing/story-fixture';
import { StoryCard } from './StoryCard';

afterEach(cleanup);

const story = (fields: Partial<Story>): Story =>
  aStory({
    images: ['card.webp'],
    texts: ['A story told slide by slide.'],
    views: 3,
    likes: 1,
    readingMinutes: 4,
    ...fields,
  });

const card = (s: Story, loggedIn = true) =>
  render(
    <MemoryRouter>
      <StoryCard story={s} loggedIn={loggedIn} premiumMember={false} from="landing" />
    </MemoryRouter>,
  );

describe('StoryCard labels', () => {
  it('shows the first 3 tags and a marker naming the warnings in the fixed order', () => {
    card(story({ tags: ['gothic', 'romance', 'pirates', 'slow burn'], warnings: ['gore', 'violence'] }));
    const tags = screen.getByRole('list', { name: 'Tags' });
    expect([...tags.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'gothic',
      'romance',
      'pirates',
    ]);
    expect(screen.getByRole('img', { name: 'Content warnings: Violence, Horror and gore' })).toBeTruthy();
  });

  it('shows neither without labels', () => {
    card(story({ tags: [], warnings: [] }));
    expect(screen.queryByRole('list', { name: 'Tags' })).toBeNull();
    expect(screen.queryByRole('img', { name: /Content warnings/ })).toBeNull();
  });
});

/** The reading time, read whole: a narrow card hides its last word from sight, not from screen readers. */
const readingTime = (text: string) =>
  screen.getByText((_, element) => element?.textContent === text && element.tagName === 'SPAN');

describe('StoryCard reading time', () => {
  it("shows the story's estimated reading time", () => {
    card(story({}));
    expect(readingTime('4 min read')).toBeTruthy();
  });

  it('shows it on a locked premium card too (the count reveals nothing)', () => {
    card(story({ isPremium: true, readingMinutes: 1 }), false);
    expect(screen.getByText('Sign up to unlock')).toBeTruthy();
    expect(readingTime('1 min read')).toBeTruthy();
  });
});

describe('StoryCard rating', () => {
  it("shows the story's rating", () => {
    card(story({ rating: 'explicit' }));
    expect(screen.getByTestId('story-rating').textContent).toBe('Explicit');
    cleanup();
    card(story({ rating: 'general' }));
    expect(screen.getByTestId('story-rating').textContent).toBe('General');
  });
});

describe('StoryCard creator', () => {
  it("names the story's creator by pen name, or the product when it has none", () => {
    card(story({ creator: { name: 'Night Owl', handle: 'night-owl' } }));
    expect(screen.getByTestId('story-byline').textContent).toBe('by Night Owl');
    cleanup();
    card(story({}));
    expect(screen.getByTestId('story-byline').textContent).toBe('by Nocturne');
  });
});
