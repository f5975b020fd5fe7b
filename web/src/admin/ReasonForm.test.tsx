// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { ReasonForm } from './ReasonForm';

afterEach(cleanup);

const label = 'Reason for the decision (sent to the reporters and the publishing account)';

describe('ReasonForm', () => {
  it('asks for the reason the policy requires before deciding anything', async () => {
    const onDecide = vi.fn(async () => {});
    render(
      <ReasonForm
        reasonLabel={label}
        actions={[{ id: 'hide', label: 'Hide' }]}
        failure="The decision failed. Please try again."
        onDecide={onDecide}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Hide' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please state the reason for this decision');
    expect(onDecide).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText(label), { target: { value: 'Copied from a book.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Hide' }));
    await waitFor(() => expect(onDecide).toHaveBeenCalledWith('hide', 'Copied from a book.'));
    await waitFor(() => expect((screen.getByLabelText(label) as HTMLTextAreaElement).value).toBe(''));
  });

  it("shows the server's refusal and keeps the reason typed", async () => {
    const refusal = new ApiError(409, 'The story is hidden already', null);
    render(
      <ReasonForm
        reasonLabel={label}
        initialReason="Breaks the policy."
        actions={[
          { id: 'dismiss', label: 'Dismiss' },
          { id: 'hide', label: 'Hide' },
        ]}
        failure="The decision failed. Please try again."
        onDecide={() => Promise.reject(refusal)}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Hide' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The story is hidden already');
    expect((screen.getByLabelText(label) as HTMLTextAreaElement).value).toBe('Breaks the policy.');
  });

  it('takes an edit without a reason field when none is required', async () => {
    const onDecide = vi.fn(async () => {});
    render(
      <ReasonForm
        actions={[{ id: 'save', label: 'Save labels' }]}
        failure="Failed to save labels"
        onDecide={onDecide}
      >
        <p>the labels</p>
      </ReasonForm>,
    );
    expect(screen.queryByRole('textbox')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save labels' }));
    await waitFor(() => expect(onDecide).toHaveBeenCalledWith('save', ''));
  });

  it('decides on Enter in the reason, and Shift+Enter is a new line', async () => {
    const onDecide = vi.fn(async () => {});
    render(
      <ReasonForm
        reasonLabel={label}
        initialReason="Within the policy."
        actions={[{ id: 'dismiss', label: 'Dismiss' }]}
        failure="The decision failed. Please try again."
        onDecide={onDecide}
      />,
    );
    fireEvent.keyDown(screen.getByLabelText(label), { key: 'Enter', shiftKey: true });
    expect(onDecide).not.toHaveBeenCalled();
    fireEvent.keyDown(screen.getByLabelText(label), { key: 'Enter' });
    await waitFor(() => expect(onDecide).toHaveBeenCalledWith('dismiss', 'Within the policy.'));
  });
});
