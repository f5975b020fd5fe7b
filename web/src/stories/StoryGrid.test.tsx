// @vitest-environment jsdom
import type { Story } from '@nocturne/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthProvider } from '../auth/auth-context';
import { aStory } from '../testing/story-fixture';
import { StoryGrid } from './StoryGrid';

const stories: Story[] = Array.from({ length: 7 }, (_, i) =>
  aStory({ id: `s${i + 1}`, images: [`card-${i + 1}.webp`], texts: ['A story told slide by slide.'] }),
);

afterEach(cleanup);

function cardImages(): HTMLImageElement[] {
  const { container } = render(
    <QueryClientProvider client={new QueryClient()}>
      <AuthProvider>
        <MemoryRouter>
          <StoryGrid
            stories={stories}
            loading={false}
            failed={false}
            loggedIn
            premiumMember={false}
            from="profile"
            label="Stories"
          />
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
  return [...container.querySelectorAll<HTMLImageElement>('img.story-card__image')];
}

describe('StoryGrid images (the first card is the profile and landing LCP)', () => {
  it('fetches the first card image at once and before the others', () => {
    const [first] = cardImages();
    expect(first?.getAttribute('src')).toBe('/api/images/card-1.webp');
    expect(first?.getAttribute('loading')).toBe('eager');
    expect(first?.getAttribute('fetchpriority')).toBe('high');
    expect(first?.getAttribute('decoding')).toBe('async');
  });

  it('loads the rest of the first row at once at normal priority, and later cards lazily', () => {
    const images = cardImages();
    expect(images).toHaveLength(7);
    for (const image of images.slice(1, 5)) {
      expect(image.getAttribute('loading')).toBe('eager');
      expect(image.getAttribute('fetchpriority')).toBe('auto');
      expect(image.getAttribute('decoding')).toBe('async');
    }
    for (const image of images.slice(5)) {
      expect(image.getAttribute('loading')).toBe('lazy');
      expect(image.getAttribute('fetchpriority')).toBe('auto');
    }
  });
});
