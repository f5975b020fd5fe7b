// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { ConfirmDialog } from './ConfirmDialog';

function show(onConfirm: () => Promise<unknown>) {
  const onClose = vi.fn();
  render(
    <ConfirmDialog
      title="Delete this draft?"
      message="The draft is thrown away."
      confirmLabel="Delete draft"
      onConfirm={onConfirm}
      onClose={onClose}
    />,
  );
  const dialog = screen.getByRole('dialog', { name: 'Delete this draft?' });
  return { dialog, onClose };
}

afterEach(cleanup);

describe('ConfirmDialog', () => {
  it('does the action on confirm, then closes', async () => {
    const onConfirm = vi.fn(async () => undefined);
    const { dialog, onClose } = show(onConfirm);
    expect(within(dialog).getByText('The draft is thrown away.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete draft' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it("stays open with the server's detail when the action is refused", async () => {
    const { dialog, onClose } = show(async () => {
      throw new ApiError(409, 'The draft was published meanwhile.', {});
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete draft' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      'The draft was published meanwhile.',
    );
    expect(onClose).not.toHaveBeenCalled();
  });

  it('cancels without the action', () => {
    const onConfirm = vi.fn(async () => undefined);
    const { dialog, onClose } = show(onConfirm);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
