// @vitest-environment jsdom
import type { MyPremium } from '@nocturne/domain';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { Ledger } from './MyPremiumPage';

afterEach(cleanup);

const show = (ledger: MyPremium) =>
  render(
    <MemoryRouter>
      <Ledger ledger={ledger} />
    </MemoryRouter>,
  );

const section = (name: string) => screen.getByRole('region', { name });

describe('the My premium ledger', () => {
  it('lists the unlocks with links, the confirmations with their state, the grants and revocations', () => {
    show({
      is_subscribed: true,
      stories_remaining: 28,
      unlocks: [
        { story_id: 's2', unlocked_at: '2026-01-03T10:00:00Z', teaser: 'The moon rose', returned_at: null },
        {
          story_id: 's1',
          unlocked_at: '2026-01-02T10:00:00Z',
          teaser: null,
          returned_at: '2026-01-02T11:00:00Z',
        },
      ],
      confirmations: [
        {
          id: 'c2',
          amount: 10,
          payment_method: 'paypal',
          transaction_id: null,
          submitted_at: '2026-01-04T00:00:00Z',
          state: 'pending',
          activated_at: null,
        },
        {
          id: 'c1',
          amount: 15,
          payment_method: 'paypal',
          transaction_id: 'TX-9',
          submitted_at: '2026-01-01T00:00:00Z',
          state: 'activated',
          activated_at: '2026-01-01T12:00:00Z',
        },
      ],
      purchases: [
        {
          id: 'p1',
          amount: 15,
          started_at: '2026-01-06T00:00:00Z',
          status: 'refunded',
          paid_at: '2026-01-06T00:01:00Z',
          reversed_at: '2026-01-07T00:00:00Z',
          transaction_id: '500001',
        },
      ],
      changes: [
        { kind: 'revocation', at: '2026-01-05T00:00:00Z', stories: null },
        { kind: 'grant', at: '2026-01-01T12:00:00Z', stories: 30 },
      ],
    });
    expect(screen.getByTestId('premium-remaining').textContent).toBe('28');
    const link = within(section('Stories unlocked')).getByRole('link', { name: 'The moon rose…' });
    expect(link.getAttribute('href')).toBe('/story/s2');
    expect(within(section('Stories unlocked')).getByText('A story since removed')).toBeTruthy();
    // The withdrawn story's unlock was given back: said on its line, and on no other.
    const returns = within(section('Stories unlocked')).getAllByTestId('unlock-returned');
    expect(returns).toHaveLength(1);
    expect(returns[0]?.closest('li')?.textContent).toContain('A story since removed');
    expect(returns[0]?.textContent).toContain('the story was withdrawn');
    const purchase = within(section('Purchases')).getByRole('listitem');
    expect(purchase.textContent).toContain('Refunded');
    expect(purchase.textContent).toContain('500001');
    const confirmations = within(section('Purchase confirmations')).getAllByRole('listitem');
    expect(confirmations[0]?.textContent).toContain('Pending');
    expect(confirmations[1]?.textContent).toContain('Activated');
    expect(confirmations[1]?.textContent).toContain('TX-9');
    const changes = within(section('Grants and revocations')).getAllByRole('listitem');
    expect(changes.map((item) => item.firstChild?.textContent)).toEqual([
      'Premium revoked',
      'Premium granted: 30 stories',
    ]);
  });

  it('says so when there is nothing yet, and where to get premium', () => {
    show({
      is_subscribed: false,
      stories_remaining: 0,
      unlocks: [],
      confirmations: [],
      purchases: [],
      changes: [],
    });
    expect(screen.getByText('You have not opened a premium story yet.')).toBeTruthy();
    expect(screen.getByText('You have not sent a purchase confirmation.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Get premium' }).getAttribute('href')).toBe('/subscription');
  });
});
