// @vitest-environment jsdom
import type { Story } from '@nocturne/domain';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aStory } from '../testing/story-fixture';
import { readerLayout } from './reader-layout';
import { renderReader } from './testing/render-reader';

/** Moving a slide with the keyboard and with taps on the edges. */
const story: Story = aStory({ images: ['a.webp', 'b.webp', 'c.webp'], texts: ['One.', 'Two.', 'Three.'] });
const layout = () => readerLayout(story.texts, window.innerHeight);
let scrollTo: ReturnType<typeof vi.fn>;

beforeEach(() => {
  scrollTo = vi.fn();
  vi.stubGlobal('scrollTo', scrollTo);
  renderReader(story);
  scrollTo.mockClear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
});

const lastTop = () => (scrollTo.mock.lastCall?.[0] as { top: number } | undefined)?.top;

/** The reader scrolled to `top`, as the browser would after a scrollTo. */
async function scrolledTo(top: number) {
  Object.defineProperty(window, 'scrollY', { value: top, configurable: true });
  await act(async () => {
    window.dispatchEvent(new Event('scroll'));
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
}

describe('StoryReader: keys and edge taps move one slide', () => {
  it.each(['ArrowDown', 'ArrowRight', 'PageDown'])('%s moves to the next slide', (key) => {
    fireEvent.keyDown(document.body, { key });
    expect(lastTop()).toBe(layout().starts[1]);
  });

  it.each(['ArrowUp', 'ArrowLeft', 'PageUp'])('%s moves to the previous slide', async (key) => {
    await scrolledTo(layout().starts[2]!);
    fireEvent.keyDown(document.body, { key });
    expect(lastTop()).toBe(layout().starts[1]);
  });

  it('leaves keys alone with a modifier, and other keys', () => {
    fireEvent.keyDown(document.body, { key: 'ArrowDown', ctrlKey: true });
    fireEvent.keyDown(document.body, { key: 'a' });
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('a tap on the right edge moves on, on the left edge back; the new slide is announced', async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(lastTop()).toBe(layout().starts[1]);
    await scrolledTo(layout().starts[1]!);
    expect(screen.getByText('Slide 2 of 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(lastTop()).toBe(layout().starts[0]);
  });

  it('the edges make way for The End', async () => {
    await scrolledTo(layout().total);
    expect(screen.queryByRole('button', { name: 'Next slide' })).toBeNull();
  });
});
