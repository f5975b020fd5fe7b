// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startServiceWorker } from './start-service-worker';

const register = vi.fn(async () => ({ waiting: null, onupdatefound: null }));

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  register.mockClear();
});

function withWorkerContainer() {
  vi.stubGlobal('navigator', { ...navigator, onLine: true, serviceWorker: { register, controller: null } });
}

describe('the service worker', () => {
  it('is registered once the page has loaded, not before', () => {
    withWorkerContainer();
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    startServiceWorker();
    expect(register).not.toHaveBeenCalled();
    dispatchEvent(new Event('load'));
    expect(register).toHaveBeenCalledWith('/sw.js');
  });

  it("is registered at once on a page that had loaded before the app's script came", () => {
    withWorkerContainer();
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('complete');
    startServiceWorker();
    expect(register).toHaveBeenCalledTimes(1);
  });
});
