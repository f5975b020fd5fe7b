// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ExclusiveAccessDialog } from './ExclusiveAccessDialog';

/** The server's answers, by path: the invite check says whether the code is "velvetnight". */
function serve(waitlist: () => Promise<Response> = async () => new Response('{}', { status: 200 })) {
  const calls: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      calls.push({ path, body: init.body });
      if (path === '/api/invites/check') {
        const { code } = JSON.parse(String(init.body)) as { code: string };
        return new Response(JSON.stringify({ valid: code.toLowerCase() === 'velvetnight' }), { status: 200 });
      }
      if (path === '/api/waitlist') return waitlist();
      return new Response('{}', { status: 404 });
    }),
  );
  return calls;
}

const alerts: string[] = [];
beforeEach(() => {
  alerts.length = 0;
  vi.stubGlobal('alert', (message: string) => alerts.push(message));
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const codeField = () => screen.getByLabelText('Invite code') as HTMLInputElement;

describe('Exclusive Feature Access dialog', () => {
  it('keeps Submit disabled while the code is empty', () => {
    serve();
    render(<ExclusiveAccessDialog open onClose={() => {}} />);
    expect((screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(codeField(), { target: { value: 'x' } });
    expect((screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('a wrong code shows the error and switches to the waitlist; typing clears the error', async () => {
    serve();
    render(<ExclusiveAccessDialog open onClose={() => {}} />);
    fireEvent.change(codeField(), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText('Invalid invite code. Please try again or join the waitlist below.');
    expect(screen.getByText('Join the Waiting List', { selector: 'h3' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a' } });
    expect(
      screen.queryByText('Invalid invite code. Please try again or join the waitlist below.'),
    ).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Back to invite code' }));
    expect(codeField()).toBeTruthy();
  });

  it('a right code is stored, welcomed, and the dialog closes', async () => {
    serve();
    const onClose = vi.fn();
    render(<ExclusiveAccessDialog open onClose={onClose} />);
    fireEvent.change(codeField(), { target: { value: 'VelvetNight' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(localStorage.getItem('invite_code')).toBe('VelvetNight');
    expect(alerts).toEqual([
      'Welcome to the exclusive story creation feature! You now have access to create unlimited AI stories.',
    ]);
  });

  it('joins the waitlist: "Joining..." while pending, then the thank-you alert and close', async () => {
    let answer: (response: Response) => void = () => {};
    const calls = serve(() => new Promise((resolve) => (answer = resolve)));
    const onClose = vi.fn();
    render(<ExclusiveAccessDialog open onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: "Don't have a code? Join the waiting list" }));
    const join = screen.getByRole('button', { name: 'Join the Waiting List' }) as HTMLButtonElement;
    expect(join.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'reader@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join the Waiting List' }));
    await screen.findByText('Joining...');
    await act(async () => answer(new Response('{}', { status: 200 })));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(alerts).toEqual([
      "Thank you for your interest! We've added you to our waiting list and will notify you when story creation becomes publicly available.",
    ]);
    const sent = calls.find((c) => c.path === '/api/waitlist')!.body as URLSearchParams;
    expect(sent.get('email')).toBe('reader@example.com');
    expect(sent.get('feedback')).toBeTruthy();
  });

  it('a failed waitlist submission alerts and keeps the dialog open', async () => {
    serve(async () => new Response('{"detail":"no"}', { status: 500 }));
    const onClose = vi.fn();
    render(<ExclusiveAccessDialog open onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: "Don't have a code? Join the waiting list" }));
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'reader@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join the Waiting List' }));
    await waitFor(() => expect(alerts).toEqual(['Something went wrong. Please try again.']));
    expect(onClose).not.toHaveBeenCalled();
  });
});
