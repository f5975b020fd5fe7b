import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../api/client';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { surfaceClass } from '../../ui/Surface';
import type { AccountQuery, AccountTimeline as Timeline, TimelineRow } from '../audit-api';
import { timelineQuery } from '../audit-queries';
import { download, ERASED, timelineCsv, timelineJson } from './timeline-export';

const ACCOUNT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const eventLabels: Record<string, string> = {
  UserRegistered: 'Signed up',
  EmailVerified: 'E-mail verified',
  PaymentConfirmationSubmitted: 'Purchase confirmation',
  PremiumGranted: 'Premium granted',
  PremiumRevoked: 'Premium revoked',
  PremiumStoryUnlocked: 'Premium story unlocked',
  UserDeleted: 'Account erased',
};

const when = (iso: string) => new Date(iso).toLocaleString();

function details(row: TimelineRow, erased: boolean): string {
  switch (row.event) {
    case 'PaymentConfirmationSubmitted':
      return [
        `$${row.amount}`,
        row.discount ? `discount $${row.discount}` : 'no discount',
        `via ${row.payment_method}`,
        `transaction ${erased ? ERASED : (row.transaction_id ?? 'none')}`,
      ].join(', ');
    case 'PremiumGranted':
      return `+${row.stories} premium stories`;
    case 'PremiumStoryUnlocked':
      return `story ${row.story_id}`;
    default:
      return '';
  }
}

/** A `datetime-local` value (the browser's time zone) as an ISO instant; null when empty. */
const instantOf = (local: string): string | null => (local ? new Date(local).toISOString() : null);

/**
 * One account's money and access history: found by address, or by account id (an erased
 * account, whose address is gone). The whole timeline, the state at the chosen instant (the
 * audit replay's numbers) and both exports of the same rows.
 */
export function AccountTimeline({ token }: { token: string }) {
  const [input, setInput] = useState('');
  const [asOfInput, setAsOfInput] = useState('');
  const [asked, setAsked] = useState<{ who: AccountQuery; asOf: string | null } | null>(null);
  const timeline = useQuery(timelineQuery(token, asked));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = input.trim();
    if (!value) return;
    const who = ACCOUNT_ID.test(value) ? { account: value.toLowerCase() } : { email: value };
    setAsked({ who, asOf: instantOf(asOfInput) });
  };

  return (
    <section className="audit-timeline" aria-labelledby="audit-timeline-title">
      <h2 id="audit-timeline-title" className="admin-section-title">
        Account timeline
      </h2>
      <form className="audit-form" onSubmit={submit}>
        <Field
          label="E-mail or account id"
          autoComplete="off"
          value={input}
          onChange={(event) => setInput(event.target.value)}
        />
        <Field
          label="As of"
          type="datetime-local"
          step="1"
          value={asOfInput}
          onChange={(event) => setAsOfInput(event.target.value)}
        />
        <Button type="submit" variant="primary" disabled={!input.trim()}>
          Show
        </Button>
      </form>
      {timeline.isError ? (
        <Alert tone="error">
          {timeline.error instanceof ApiError && timeline.error.status === 404
            ? 'No account found.'
            : 'Could not load the timeline. Please try again.'}
        </Alert>
      ) : null}
      {timeline.isFetching ? <p className="text-muted">Loading the timeline…</p> : null}
      {timeline.data ? <TimelineView timeline={timeline.data} /> : null}
    </section>
  );
}

function TimelineView({ timeline }: { timeline: Timeline }) {
  const { state } = timeline;
  const name = `timeline-${timeline.account}`;
  return (
    <div className="audit-timeline__result">
      <dl className={surfaceClass('audit-facts')} aria-label="Account">
        <div>
          <dt>Account id</dt>
          <dd className="audit-mono">{timeline.account}</dd>
        </div>
        <div>
          <dt>E-mail</dt>
          <dd>{timeline.erased ? ERASED : (timeline.email ?? '—')}</dd>
        </div>
      </dl>
      <section
        className={surfaceClass('audit-state')}
        aria-labelledby="audit-state-title"
        data-testid="audit-state"
      >
        <h3 id="audit-state-title" className="audit-subtitle">
          State as of {when(timeline.as_of)}
        </h3>
        <dl className="audit-facts">
          <div>
            <dt>Premium</dt>
            <dd data-testid="audit-premium">{state.premium ? 'yes' : 'no'}</dd>
          </div>
          <div>
            <dt>Stories remaining</dt>
            <dd data-testid="audit-remaining">{state.stories_remaining}</dd>
          </div>
          <div>
            <dt>Stories unlocked</dt>
            <dd data-testid="audit-unlocked">
              {state.stories_unlocked.length === 0 ? 'none' : state.stories_unlocked.join(', ')}
            </dd>
          </div>
        </dl>
      </section>
      <div className="audit-actions">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => download(`${name}.csv`, 'text/csv', timelineCsv(timeline))}
        >
          Export CSV
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => download(`${name}.json`, 'application/json', timelineJson(timeline))}
        >
          Export JSON
        </Button>
      </div>
      <ol className="audit-rows" aria-label="Timeline, oldest first">
        {timeline.rows.map((row) => (
          <li key={row.position} className={surfaceClass('audit-row')}>
            <time dateTime={row.at} className="audit-row__time">
              {when(row.at)}
            </time>
            <span className="audit-row__event">{eventLabels[row.event] ?? row.event}</span>
            <span className="audit-row__details">{details(row, timeline.erased)}</span>
            <span className="audit-row__by">by {row.by}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
