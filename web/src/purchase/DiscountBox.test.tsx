// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DiscountBox } from './DiscountBox';

function show(answer: (code: string) => Response) {
  const sent: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_path: string, init?: RequestInit) => {
      const { code } = JSON.parse(String(init?.body)) as { code: string };
      sent.push(code);
      return answer(code);
    }),
  );
  const amounts: number[] = [];
  render(
    <QueryClientProvider client={new QueryClient()}>
      <DiscountBox onAmount={(amount) => amounts.push(amount)} />
    </QueryClientProvider>,
  );
  return { sent, amounts };
}

const verdict = (valid: boolean) =>
  new Response(JSON.stringify({ valid, amount: valid ? 10 : 15 }), { status: 200 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the discount box', () => {
  it('asks the server, shows "30% OFF Applied!" and passes on $10; editing the code takes it back', async () => {
    const { sent, amounts } = show((code) => verdict(code === 'NOCTURNE30'));
    await userEvent.type(screen.getByLabelText('Discount code'), ' NOCTURNE30 ');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await screen.findByRole('status')).textContent).toBe('30% OFF Applied!');
    expect(sent).toEqual(['NOCTURNE30']);
    expect(amounts).toEqual([10]);

    await userEvent.type(screen.getByLabelText('Discount code'), 'x');
    expect(screen.queryByRole('status')).toBeNull();
    expect(amounts).toEqual([10, 15]);
  });

  it('says "Invalid discount code" for a code the server refuses, and when the check fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { amounts } = show((code) =>
      code === 'down' ? new Response('{}', { status: 500 }) : verdict(false),
    );
    await userEvent.type(screen.getByLabelText('Discount code'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid discount code');
    expect(amounts).toEqual([15]);

    await userEvent.clear(screen.getByLabelText('Discount code'));
    await userEvent.type(screen.getByLabelText('Discount code'), 'down');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(console.error).toHaveBeenCalledWith('Discount check failed', expect.anything()),
    );
    expect(screen.getByRole('alert').textContent).toBe('Invalid discount code');
  });
});
