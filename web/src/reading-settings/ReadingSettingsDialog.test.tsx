// @vitest-environment jsdom
import { DEFAULT_READING_SETTINGS } from '@nocturne/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../auth/auth-context';
import { ReadingSettingsDialog } from './ReadingSettingsDialog';
import { READING_SETTINGS_KEY } from './reading-settings-store';

function show() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AuthProvider>
        <ReadingSettingsDialog open onClose={() => {}} />
      </AuthProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe("a visitor's reading settings", () => {
  it('given a visitor, a choice applies at once and stays in the browser, with no request', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    show();
    const sepia = screen.getByRole('button', { name: 'Sepia' });
    expect(sepia.getAttribute('aria-pressed')).toBe('false');

    await userEvent.click(sepia);
    await userEvent.click(screen.getByRole('button', { name: 'Larger' }));

    expect(screen.getByRole('button', { name: 'Sepia' }).getAttribute('aria-pressed')).toBe('true');
    expect(JSON.parse(localStorage.getItem(READING_SETTINGS_KEY) ?? '{}')).toEqual({
      ...DEFAULT_READING_SETTINGS,
      theme: 'sepia',
      textSize: 'larger',
    });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('reduced motion hides the transition choice: nothing moves', async () => {
    vi.stubGlobal('fetch', vi.fn());
    show();
    expect(screen.getByRole('group', { name: 'Slide transition' })).toBeTruthy();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Reduce motion' }));
    expect(screen.queryByRole('group', { name: 'Slide transition' })).toBeNull();
  });
});
