// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InstallOffer } from './InstallOffer';
import { type BeforeInstallPromptEvent, keepInstallEvent, kept } from './install-event';
import {
  INSTALL_DISMISSED_KEY,
  INSTALL_QUIET_MS,
  readDismissedAt,
  shouldOfferInstall,
} from './install-offer-rules';

const DAY = 24 * 60 * 60 * 1000;

/** The browser's install event, as far as the app uses it. */
function installEvent() {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as BeforeInstallPromptEvent;
  Object.assign(event, { prompt: vi.fn(async () => {}) });
  return event;
}

/** A page that a service worker controls (a returning visit), or not (a first visit). */
function controlled(yes: boolean) {
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { controller: yes ? {} : null },
  });
}

beforeEach(() => {
  localStorage.clear();
  kept.install = undefined;
});
afterEach(cleanup);

describe('shouldOfferInstall', () => {
  const base = { installable: true, returning: true, dismissedAt: undefined, now: 100 * DAY };
  it('offers on a returning visit once the browser says the app can be installed', () => {
    expect(shouldOfferInstall(base)).toBe(true);
    expect(shouldOfferInstall({ ...base, installable: false })).toBe(false);
  });
  it('never offers on a first visit', () => {
    expect(shouldOfferInstall({ ...base, returning: false })).toBe(false);
  });
  it('stays away for 30 days after Not now', () => {
    expect(shouldOfferInstall({ ...base, dismissedAt: base.now - 29 * DAY })).toBe(false);
    expect(shouldOfferInstall({ ...base, dismissedAt: base.now - INSTALL_QUIET_MS })).toBe(true);
  });
  it('reads an unreadable dismissal as none', () => {
    expect(readDismissedAt({ getItem: () => 'soon' })).toBeUndefined();
    expect(readDismissedAt({ getItem: () => null })).toBeUndefined();
    expect(
      readDismissedAt({
        getItem: () => {
          throw new Error('denied');
        },
      }),
    ).toBeUndefined();
    expect(readDismissedAt({ getItem: () => '1234' })).toBe(1234);
  });
});

describe('InstallOffer', () => {
  it('keeps the browser install event (its own bar stays hidden) and opens its dialog on Install, once', () => {
    controlled(true);
    const event = installEvent();
    keepInstallEvent(event);
    expect(event.defaultPrevented).toBe(true);
    render(<InstallOffer />);
    expect(screen.getByRole('heading', { name: 'Install Nocturne' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Install' }));
    expect(event.prompt).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('heading', { name: 'Install Nocturne' })).toBeNull();
    expect(kept.install).toBeUndefined();
  });

  it('shows nothing on a first visit, even when the app can be installed', () => {
    controlled(false);
    keepInstallEvent(installEvent());
    const { container } = render(<InstallOffer />);
    expect(container.innerHTML).toBe('');
  });

  it('shows nothing when the browser never said the app can be installed', () => {
    controlled(true);
    const { container } = render(<InstallOffer />);
    expect(container.innerHTML).toBe('');
  });

  it('goes on Not now and is remembered, so the next page does not offer again', () => {
    controlled(true);
    keepInstallEvent(installEvent());
    render(<InstallOffer />);
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('heading', { name: 'Install Nocturne' })).toBeNull();
    expect(Number(localStorage.getItem(INSTALL_DISMISSED_KEY))).toBeGreaterThan(0);
    cleanup();
    const { container } = render(<InstallOffer />);
    expect(container.innerHTML).toBe('');
  });
});
