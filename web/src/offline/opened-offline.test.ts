// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openedOffline } from './opened-offline';

const opened = (deliveryType: string, url = 'http://localhost:3000/story/k1') =>
  vi
    .spyOn(performance, 'getEntriesByType')
    .mockReturnValue([{ name: url, deliveryType } as unknown as PerformanceEntry]);

afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('a page opened offline', () => {
  it('is one the browser says is offline', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(openedOffline()).toBe(true);
  });

  it("is the page this document was opened at from the worker's cache, though the browser says it is online", () => {
    window.history.replaceState(null, '', '/story/k1');
    opened('cache-storage');
    expect(openedOffline()).toBe(true);
    // Another page the app drew since in this document has been asked of the network.
    expect(openedOffline('/story/k2')).toBe(false);
  });

  it('is not a page that came from the network, nor one from a browser that does not say', () => {
    window.history.replaceState(null, '', '/story/k1');
    opened('');
    expect(openedOffline()).toBe(false);
    vi.restoreAllMocks();
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([]);
    expect(openedOffline()).toBe(false);
  });
});
