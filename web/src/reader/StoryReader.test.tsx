// @vitest-environment jsdom
import type { Story } from '@nocturne/domain';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { aStory } from '../testing/story-fixture';
import { FIRST_SLIDE_LAYER_ID } from './first-slide-layer';
import { firstSlideLayerRender } from './first-slide-layer-render';
import { renderReader } from './testing/render-reader';

const story: Story = aStory({
  images: ['first.webp', 'second.webp', 'third.webp', 'fourth.webp', 'fifth.webp'],
  texts: ['One.', 'Two.', 'Three.', 'Four.', 'Five.'],
});

afterEach(() => {
  cleanup();
  document.getElementById(FIRST_SLIDE_LAYER_ID)?.remove();
});

/** The reader's slide images as the browser gets them (the first slide is the LCP). */
function slideImages(): HTMLImageElement[] {
  const { container } = renderReader(story);
  return [...container.querySelectorAll<HTMLImageElement>('img.reader__image')];
}

describe('StoryReader images', () => {
  it('fetches the first slide at once and first: eager, high priority, decoded off the main thread', () => {
    const [first] = slideImages();
    expect(first).toBe(screen.getByRole('img', { name: 'One.' }));
    expect(first?.getAttribute('loading')).toBe('eager');
    expect(first?.getAttribute('fetchpriority')).toBe('high');
    expect(first?.getAttribute('decoding')).toBe('async');
    expect(first?.getAttribute('src')).toBe('/api/images/first.webp');
    expect(first?.getAttribute('srcset')).toContain('/api/images/first.webp?w=960 960w');
  });

  it("describes the current slide's image by the first sentence of its text, cut near 150 characters", () => {
    const long = `${'moonlit '.repeat(30).trim()} harbour. She waited.`;
    const { container } = renderReader(
      aStory({ images: ['a.webp', 'b.webp'], texts: [`The lanterns went out. ${long}`, long] }),
    );
    const [current] = [...container.querySelectorAll<HTMLImageElement>('img.reader__image')];
    expect(current?.getAttribute('alt')).toBe('The lanterns went out.');
  });

  it("reads the creator's description of the image when they wrote one, else the text's first sentence", () => {
    const { container } = renderReader(
      aStory({
        images: ['a.webp', 'b.webp'],
        texts: ['The lanterns went out. Then rain.', 'Two.'],
        alts: ['A woman holding a dark lantern on a pier', ''],
      }),
    );
    const [current] = [...container.querySelectorAll<HTMLImageElement>('img.reader__image')];
    expect(current?.getAttribute('alt')).toBe('A woman holding a dark lantern on a pier');
  });

  it('announces the slide it shows, "Slide 1 of 5"', () => {
    renderReader(story);
    expect(screen.getByText('Slide 1 of 5').getAttribute('aria-live')).toBe('polite');
  });

  it('preloads the next two slides at low priority, hidden from assistive technologies', () => {
    const images = slideImages();
    expect(images.map((image) => image.getAttribute('src'))).toEqual([
      '/api/images/first.webp',
      '/api/images/second.webp',
      '/api/images/third.webp',
    ]);
    for (const next of images.slice(1)) {
      expect(next.getAttribute('fetchpriority')).toBe('low');
      expect(next.getAttribute('decoding')).toBe('async');
      expect(next.getAttribute('aria-hidden')).toBe('true');
      expect(next.getAttribute('alt')).toBe('');
    }
  });
});

describe("the page's early first slide", () => {
  /** The layer as web/src/reader/story-start.ts leaves it: filled and shown over the app's root. */
  function shownLayer() {
    document.body.insertAdjacentHTML('beforeend', firstSlideLayerRender());
    const layer = document.getElementById(FIRST_SLIDE_LAYER_ID)!;
    layer.querySelector('[data-slot="text"]')!.textContent = 'One.';
    layer.hidden = false;
    return layer;
  }

  /** The stage's elements by class, as the eye sees them: what the reader replaces must match. */
  const stageOf = (root: Element) =>
    [...root.querySelectorAll('.reader__stage *')]
      .filter((element) => !element.matches('img:not(.reader__image--active)'))
      .map((element) => element.className);

  it('is drawn with the classes of the reader it stands for', () => {
    const layer = shownLayer();
    const { container } = renderReader(story);
    expect(stageOf(layer)).toEqual(stageOf(container));
    expect(layer.className).toBe('reader');
  });

  it('is taken away by the reader as it draws its first slide, whose text does not come in again', () => {
    const layer = shownLayer();
    const { container } = renderReader(story);
    expect(layer.isConnected).toBe(false);
    expect(container.querySelector('.reader__text-inner')?.classList).toContain('reader__text-inner--drawn');
  });

  it('leaves the text to come in as usual when the page drew nothing', () => {
    const { container } = renderReader(story);
    expect(container.querySelector('.reader__text-inner')?.classList).not.toContain(
      'reader__text-inner--drawn',
    );
  });
});
