// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UpdateBanner } from './UpdateBanner';

afterEach(cleanup);

/** A waiting worker and the page's container, as far as the banner uses them. */
function fakes() {
  const worker = { postMessage: vi.fn() } as unknown as ServiceWorker;
  const listeners = new Map<string, () => void>();
  const workers = {
    addEventListener: vi.fn((type: string, listener: () => void) => listeners.set(type, listener)),
  } as unknown as ServiceWorkerContainer;
  return { worker, workers, takeOver: () => listeners.get('controllerchange')?.() };
}

describe('UpdateBanner', () => {
  it('says a new version is available and, on Reload, asks the waiting worker to take over, then reloads', () => {
    const { worker, workers, takeOver } = fakes();
    const reload = vi.fn();
    render(<UpdateBanner worker={worker} workers={workers} reload={reload} onClose={vi.fn()} />);
    expect(screen.getByRole('status').textContent).toContain('A new version is available');

    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(worker.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    // The page reloads only once the new worker controls it, not before.
    expect(reload).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Reloading…' }) as HTMLButtonElement).disabled).toBe(true);
    takeOver();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('closes on Not now and leaves the new worker waiting', () => {
    const { worker, workers } = fakes();
    const onClose = vi.fn();
    render(<UpdateBanner worker={worker} workers={workers} reload={vi.fn()} onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(worker.postMessage).not.toHaveBeenCalled();
  });
});
