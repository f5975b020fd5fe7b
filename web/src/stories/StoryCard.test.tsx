// @vitest-environment jsdom
import type { Story } from '@nocturne/events/domain';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { StoryCard } from './StoryCard';

afterEach(cleanup);

const story = (labels: Pick<Story, 'tags' | 'warnings'>): Story => ({
  id: 's1',
  images: ['card.webp'],
  texts: ['A story told slide by slide.'],
  isPremium: false,
  views: 0,
  likes: 0,
  ...labels,
});

const renderCard = (s: Story) =>
  render(
    <MemoryRouter>
      <StoryCard story={s} loggedIn subscribed={false} from="landing" />
    </MemoryRouter>,
  );

describe('StoryCard labels (issue 14)', () => {
  it('shows the first 3 tags and a marker naming the warnings in the fixed order', () => {
    renderCard(
      story({ tags: ['gothic', 'romance', 'pirates', 'slow burn'], warnings: ['gore', 'violence'] }),
    );
    const tags = screen.getByRole('list', { name: 'Tags' });
    expect([...tags.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'gothic',
      'romance',
      'pirates',
    ]);
    expect(screen.getByRole('img', { name: 'Content warnings: Violence, Horror and gore' })).toBeTruthy();
  });

  it('shows neither without labels', () => {
    renderCard(story({ tags: [], warnings: [] }));
    expect(screen.queryByRole('list', { name: 'Tags' })).toBeNull();
    expect(screen.queryByRole('img', { name: /Content warnings/ })).toBeNull();
  });
});
