// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { QueryState } from './QueryState';

afterEach(cleanup);

function Harness({ load }: { load(): Promise<string> }) {
  const query = useQuery({ queryKey: ['harness'], queryFn: load, retry: false });
  return (
    <QueryState query={query} loading="Loading the thing…" failure="The thing could not be loaded." retry>
      {(data) => <p>Got {data}</p>}
    </QueryState>
  );
}

const renderWith = (load: () => Promise<string>) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Harness load={load} />
    </QueryClientProvider>,
  );

describe('QueryState', () => {
  it('says what loads, then shows the data', async () => {
    renderWith(async () => 'it');
    expect(screen.getByRole('status').textContent).toContain('Loading the thing…');
    expect(await screen.findByText('Got it')).toBeTruthy();
  });

  it('shows the failure with "Try again", which asks again', async () => {
    let calls = 0;
    renderWith(async () => {
      calls += 1;
      if (calls === 1) throw new Error('down');
      return 'it';
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The thing could not be loaded.');
    expect(alert.textContent).toContain('Please try again.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Got it')).toBeTruthy();
    expect(calls).toBe(2);
  });
});
