// @vitest-environment jsdom
import type { Story } from '@nocturne/events/domain';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { StoryCard } from './StoryCard';

afterEach(cleanup);

const story = (over: Partial<Story>): Story => ({
  id: 's1',
  images: ['card.webp'],
  texts: ['A story told slide by slide.'],
  isPremium: false,
  views: 3,
  likes: 1,
  readingMinutes: 4,
  ...over,
});

const card = (s: Story, loggedIn: boolean) =>
  render(
    <MemoryRouter>
      <StoryCard story={s} loggedIn={loggedIn} subscribed={false} from="landing" />
    </MemoryRouter>,
  );

describe('StoryCard reading time (issue 14)', () => {
  it("shows the story's estimated reading time", () => {
    card(story({}), true);
    expect(screen.getByText('4 min read')).toBeTruthy();
  });

  it('shows it on a locked premium card too (the count reveals nothing)', () => {
    card(story({ isPremium: true, readingMinutes: 1 }), false);
    expect(screen.getByText('Sign up to unlock')).toBeTruthy();
    expect(screen.getByText('1 min read')).toBeTruthy();
  });
});
