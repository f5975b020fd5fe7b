// @vitest-environment jsdom
import { expect, it } from 'vitest';
import shell from '../../index.html?raw';
import { landingFirstRender } from './landing-first-render';

const markup = landingFirstRender();
/** What the shell hides in the first render until the app has drawn it. */
const SESSION_PARTS = ['site-header__auth', 'hero__actions', 'landing-cta'];

it("holds the landing's largest text and the first render's skeletons, before any answer", () => {
  expect(markup).toContain('<p class="hero__lead">Slow-burn romance');
  expect(markup).toContain('Stories that come alive');
  expect(markup).toMatch(/skeleton/);
});

it("hides, in the shell's style, every part that shows a visitor's buttons", () => {
  for (const part of SESSION_PARTS) {
    expect(markup).toContain(`class="${part}"`);
    expect(shell).toContain(`.first-render .${part}`);
  }
  // Every visitor's button of the first render is inside one of them.
  const document = new DOMParser().parseFromString(markup, 'text/html');
  const buttons = [...document.querySelectorAll('a')].filter((link) =>
    ['Log In', 'Sign Up', 'Start reading free', 'Load More Stories'].includes(link.textContent ?? ''),
  );
  expect(buttons.length).toBeGreaterThan(0);
  for (const button of buttons)
    expect(SESSION_PARTS.some((part) => button.closest(`.${part}`) !== null)).toBe(true);
});
