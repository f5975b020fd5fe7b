import type {
  MyPremium,
  PremiumChange,
  PremiumConfirmation,
  PremiumPurchase,
  PremiumUnlock,
} from '@nocturne/domain';
import { useQuery } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { useAuth } from '../auth/auth-context';
import { RequireAuth } from '../auth/RequireAuth';
import { AccountPage } from '../layout/AccountPage';
import { Badge } from '../ui/Badge';
import { QueryState } from '../ui/QueryState';
import { surfaceClass } from '../ui/Surface';
import { myPremiumQuery } from './premium-queries';
import './MyPremiumPage.css';

/** `/my-premium`, login required. */
export default function MyPremiumRoute() {
  return (
    <RequireAuth>
      <MyPremiumPage />
    </RequireAuth>
  );
}

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function MyPremiumPage() {
  const { token } = useAuth();
  const ledger = useQuery(myPremiumQuery(token));
  return (
    <AccountPage title="My premium">
      <QueryState
        query={ledger}
        loading="Loading your premium account…"
        failure="Your premium account could not be loaded."
        retry
      >
        {(data) => <Ledger ledger={data} />}
      </QueryState>
    </AccountPage>
  );
}

export function Ledger({ ledger }: { ledger: MyPremium }) {
  const empty =
    ledger.confirmations.length + ledger.purchases.length + ledger.changes.length + ledger.unlocks.length ===
    0;
  return (
    <>
      <section className={surfaceClass('my-premium__card')} aria-labelledby="premium-summary">
        <h2 id="premium-summary">{ledger.is_subscribed ? 'Premium Member' : 'No premium right now'}</h2>
        <p className="my-premium__remaining">
          Premium stories remaining:{' '}
          <strong data-testid="premium-remaining">{ledger.stories_remaining}</strong>
        </p>
        {empty ? (
          <p className="text-muted">
            Nothing here yet. <Link to="/subscription">Get premium</Link> to unlock 30 premium stories of your
            choice.
          </p>
        ) : null}
      </section>
      <Section id="premium-unlocks" title="Stories unlocked" empty="You have not opened a premium story yet.">
        {ledger.unlocks.map((unlock) => (
          <UnlockItem key={unlock.story_id} unlock={unlock} />
        ))}
      </Section>
      {ledger.purchases.length > 0 ? (
        <Section id="premium-purchases" title="Purchases" empty="">
          {ledger.purchases.map((purchase) => (
            <PurchaseItem key={purchase.id} purchase={purchase} />
          ))}
        </Section>
      ) : null}
      <Section
        id="premium-confirmations"
        title="Purchase confirmations"
        empty="You have not sent a purchase confirmation."
      >
        {ledger.confirmations.map((confirmation) => (
          <ConfirmationItem key={confirmation.id} confirmation={confirmation} />
        ))}
      </Section>
      <Section id="premium-changes" title="Grants and revocations" empty="Premium has not been granted yet.">
        {ledger.changes.map((change) => (
          <ChangeItem key={`${change.kind}-${change.at}`} change={change} />
        ))}
      </Section>
    </>
  );
}

function Section({
  id,
  title,
  empty,
  children,
}: {
  id: string;
  title: string;
  empty: string;
  children: ReactElement[];
}) {
  return (
    <section className={surfaceClass('my-premium__card')} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children.length > 0 ? (
        <ul className="my-premium__list">{children}</ul>
      ) : (
        <p className="text-muted">{empty}</p>
      )}
    </section>
  );
}

function UnlockItem({ unlock }: { unlock: PremiumUnlock }) {
  return (
    <li className="my-premium__item">
      {unlock.teaser === null ? (
        <span className="text-muted">A story since removed</span>
      ) : (
        <Link to={`/story/${encodeURIComponent(unlock.story_id)}`} state={{ from: 'profile' }}>
          {unlock.teaser}…
        </Link>
      )}
      <span className="my-premium__when">Unlocked {when(unlock.unlocked_at)}</span>
      {unlock.returned_at === null ? null : (
        <span className="my-premium__when" data-testid="unlock-returned">
          Given back to your premium stories {when(unlock.returned_at)}: the story was withdrawn
        </span>
      )}
    </li>
  );
}

function ConfirmationItem({ confirmation }: { confirmation: PremiumConfirmation }) {
  return (
    <li className="my-premium__item">
      <span>
        ${confirmation.amount} via {confirmation.payment_method}
        {confirmation.transaction_id ? (
          <span className="my-premium__detail"> · Transaction {confirmation.transaction_id}</span>
        ) : null}
      </span>
      <span className="my-premium__when">
        Sent {when(confirmation.submitted_at)} ·{' '}
        {confirmation.state === 'activated' && confirmation.activated_at ? (
          <Badge>Activated {when(confirmation.activated_at)}</Badge>
        ) : (
          <Badge>Pending</Badge>
        )}
      </span>
    </li>
  );
}

const purchaseStatus: Record<PremiumPurchase['status'], string> = {
  pending: 'Waiting for the payment processor',
  paid: 'Paid',
  refunded: 'Refunded',
  charged_back: 'Charged back',
  held: 'Under review',
};

function PurchaseItem({ purchase }: { purchase: PremiumPurchase }) {
  return (
    <li className="my-premium__item">
      <span>
        ${purchase.amount}
        {purchase.transaction_id ? (
          <span className="my-premium__detail"> · Transaction {purchase.transaction_id}</span>
        ) : null}
      </span>
      <span className="my-premium__when">
        Started {when(purchase.started_at)} · <Badge>{purchaseStatus[purchase.status]}</Badge>
        {purchase.paid_at ? ` · paid ${when(purchase.paid_at)}` : ''}
        {purchase.reversed_at
          ? ` · ${purchaseStatus[purchase.status].toLowerCase()} ${when(purchase.reversed_at)}`
          : ''}
      </span>
    </li>
  );
}

function ChangeItem({ change }: { change: PremiumChange }) {
  return (
    <li className="my-premium__item">
      <span>
        {change.kind === 'grant' ? `Premium granted: ${change.stories ?? 0} stories` : 'Premium revoked'}
      </span>
      <span className="my-premium__when">{when(change.at)}</span>
    </li>
  );
}
