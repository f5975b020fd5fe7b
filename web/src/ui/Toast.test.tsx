// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider, useToast } from './Toast';
import { TOAST_MS } from './ToastItem';

function Harness({ onUndo }: { onUndo(): void }) {
  const toast = useToast();
  return (
    <>
      <button
        type="button"
        onClick={() => toast({ message: 'Story hidden', action: { label: 'Undo', onAction: onUndo } })}
      >
        Hide
      </button>
      <button type="button" onClick={() => toast({ message: 'The decision failed', tone: 'error' })}>
        Fail
      </button>
    </>
  );
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('Toast', () => {
  it('announces the message politely and runs its Undo once, closing itself', async () => {
    const onUndo = vi.fn();
    render(
      <ToastProvider>
        <Harness onUndo={onUndo} />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Hide' }));
    expect((await screen.findByRole('status')).textContent).toContain('Story hidden');
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(onUndo).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Story hidden')).toBeNull();
  });

  it('closes by itself after a while, and an error is an alert', async () => {
    render(
      <ToastProvider>
        <Harness onUndo={() => {}} />
      </ToastProvider>,
    );
    // The first toast loads the toast's code; the clock is faked once it is here.
    fireEvent.click(screen.getByRole('button', { name: 'Hide' }));
    await screen.findByRole('status');
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Fail' }));
    expect(screen.getByRole('alert').textContent).toContain('The decision failed');
    act(() => vi.advanceTimersByTime(TOAST_MS + 1));
    expect(screen.queryByText('The decision failed')).toBeNull();
  });

  it('keeps its live regions empty of any role until a message comes, so no page gains a stray status or alert', () => {
    render(
      <ToastProvider>
        <Harness onUndo={() => {}} />
      </ToastProvider>,
    );
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
