// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { keepWantedPath, takeWantedPath, wantedPath } from './assurance-trip';

beforeEach(() => sessionStorage.clear());

describe('the story to go back to once assured', () => {
  it('keeps only a path of this site', () => {
    keepWantedPath('https://elsewhere.example/x');
    keepWantedPath('//elsewhere.example/x');
    expect(wantedPath()).toBeNull();
    keepWantedPath('/story/s1');
    expect(wantedPath()).toBe('/story/s1');
    expect(takeWantedPath()).toBe('/story/s1');
    expect(takeWantedPath()).toBeNull();
  });
});
