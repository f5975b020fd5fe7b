import { mayReadPersonalData } from '@nocturne/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useAdminAccess } from '../../admin/admin-access';
import { ApiError } from '../../api/client';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { SectionSubtitle, SectionTitle } from '../../ui/SectionTitle';
import { surfaceClass } from '../../ui/Surface';
import type { AccountQuery, AccountTimeline as Timeline } from '../audit-api';
import { timelineQuery } from '../audit-queries';
import { Facts } from '../Facts';
import { FilterForm, instantOf } from '../FilterForm';
import { afterAsOf, download, ERASED, exportName, timelineCsv, timelineJson } from './timeline-export';
import { rowDetails as details, eventLabels, storyName, when } from './timeline-rows';
import './AccountTimeline.css';

const ACCOUNT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
  // A role that reads no addresses (the auditor) finds an account by its id only.
  const byAddress = mayReadPersonalData(useAdminAccess().role);

  const apply = () => {
    const value = input.trim();
    if (!value) return;
    const who = ACCOUNT_ID.test(value) ? { account: value.toLowerCase() } : { email: value };
    setAsked({ who, asOf: instantOf(asOfInput) });
  };

  return (
    <section className="audit-timeline" aria-labelledby="audit-timeline-title">
      <SectionTitle id="audit-timeline-title">Account timeline</SectionTitle>
      <FilterForm submitLabel="Show" canSubmit={Boolean(input.trim())} onApply={apply}>
        <Field
          label={byAddress ? 'E-mail or account id' : 'Account id'}
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
      </FilterForm>
      {timeline.isError ? (
        <Alert tone="error">
          {timeline.error instanceof ApiError && timeline.error.status === 404
            ? 'No account found.'
            : // A role that reads no addresses is told to ask by account id.
              timeline.error instanceof ApiError && timeline.error.status === 403 && timeline.error.detail
              ? timeline.error.detail
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
  const later = timeline.rows.filter((row) => afterAsOf(row, timeline.as_of)).length;
  return (
    <div className="audit-timeline__result">
      <Facts
        label="Account"
        className={surfaceClass()}
        facts={[
          { term: 'Account id', value: timeline.account, mono: true },
          { term: 'E-mail', value: timeline.erased ? ERASED : (timeline.email ?? '—') },
        ]}
      />
      <section
        className={surfaceClass('audit-state')}
        aria-labelledby="audit-state-title"
        data-testid="audit-state"
      >
        <SectionSubtitle id="audit-state-title">State as of {when(timeline.as_of)}</SectionSubtitle>
        <Facts
          facts={[
            { term: 'Premium', value: state.premium ? 'yes' : 'no', testId: 'audit-premium' },
            { term: 'Stories remaining', value: state.stories_remaining, testId: 'audit-remaining' },
            {
              term: 'Stories unlocked',
              value:
                state.stories_unlocked.length === 0
                  ? 'none'
                  : state.stories_unlocked.map((id) => storyName(id, timeline.story_texts)).join(', '),
              testId: 'audit-unlocked',
            },
          ]}
        />
      </section>
      <div className="audit-actions">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => download(exportName(timeline, 'csv'), 'text/csv', timelineCsv(timeline))}
        >
          Export CSV
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => download(exportName(timeline, 'json'), 'application/json', timelineJson(timeline))}
        >
          Export JSON
        </Button>
      </div>
      {later > 0 ? (
        <p className="text-meta" data-testid="audit-later-note">
          {later} later event{later === 1 ? '' : 's'}, after {when(timeline.as_of)}, shown set apart and left
          out of the exports.
        </p>
      ) : null}
      <ol className="audit-rows" aria-label="Timeline, oldest first">
        {timeline.rows.map((row) => (
          <li
            key={row.position}
            className={surfaceClass(
              afterAsOf(row, timeline.as_of) ? 'audit-row audit-row--later' : 'audit-row',
            )}
          >
            <time dateTime={row.at} className="audit-row__time">
              {when(row.at)}
              {afterAsOf(row, timeline.as_of) ? (
                <span className="audit-row__later"> · after the as-of instant</span>
              ) : null}
            </time>
            <span className="audit-row__event">{eventLabels[row.event] ?? row.event}</span>
            <span className="audit-row__details">{details(row, timeline.erased, timeline.story_texts)}</span>
            <span className="audit-row__by">by {row.by}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
