// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOAST_MS, ToastProvider, useToast } from './Toast';

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
  it('announces the message politely and runs its Undo once, closing itself', () => {
    const onUndo = vi.fn();
    render(
      <ToastProvider>
        <Harness onUndo={onUndo} />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Hide' }));
    expect(screen.getByRole('status').textContent).toContain('Story hidden');
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(onUndo).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Story hidden')).toBeNull();
  });

  it('closes by itself after a while, and an error is an alert', () => {
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <Harness onUndo={() => {}} />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Fail' }));
    expect(screen.getByRole('alert').textContent).toContain('The decision failed');
    act(() => vi.advanceTimersByTime(TOAST_MS + 1));
    expect(screen.queryByText('The decision failed')).toBeNull();
  });
});
