// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useShortcuts } from './use-shortcuts';

function Harness({ next, enabled = true }: { next(): void; enabled?: boolean }) {
  useShortcuts({ j: next }, enabled);
  return (
    <>
      <input aria-label="Reason" />
      <input aria-label="Flagged only" type="checkbox" />
      <button type="button">Hide</button>
    </>
  );
}

afterEach(cleanup);

describe('useShortcuts', () => {
  it('runs on its key, from the page or a button, in either case', () => {
    const next = vi.fn();
    render(<Harness next={next} />);
    fireEvent.keyDown(document.body, { key: 'j' });
    fireEvent.keyDown(screen.getByRole('button', { name: 'Hide' }), { key: 'J' });
    fireEvent.keyDown(screen.getByLabelText('Flagged only'), { key: 'j' });
    expect(next).toHaveBeenCalledTimes(3);
  });

  it('never fires while typing in a field, with a modifier, or when turned off', () => {
    const next = vi.fn();
    const { rerender } = render(<Harness next={next} />);
    fireEvent.keyDown(screen.getByLabelText('Reason'), { key: 'j' });
    fireEvent.keyDown(document.body, { key: 'j', ctrlKey: true });
    fireEvent.keyDown(document.body, { key: 'x' });
    rerender(<Harness next={next} enabled={false} />);
    fireEvent.keyDown(document.body, { key: 'j' });
    expect(next).not.toHaveBeenCalled();
  });
});
