import {
  isQueueAge,
  isReportReason,
  QUEUE_AGES,
  type QueueAge,
  queueAgeLabels,
  REPORT_REASONS,
  reportReasonLabels,
} from '@nocturne/domain';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ApiError } from '../api/client';
import { FilterForm } from '../audit/FilterForm';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { ButtonGroup } from '../ui/ButtonGroup';
import { EmptyNote } from '../ui/EmptyNote';
import { SelectField } from '../ui/Field';
import { LoadMore } from '../ui/LoadMore';
import { SectionTitle } from '../ui/SectionTitle';
import { SidePanel } from '../ui/SidePanel';
import { useToast } from '../ui/Toast';
import { useShortcuts } from '../ui/use-shortcuts';
import { adminKeys, moderationQueueQuery } from './admin-queries';
import { type Decision, DecisionDialog, decisionTexts } from './moderation/DecisionDialog';
import { actionLabels } from './moderation/ModerationHistory';
import { QueueRow } from './moderation/QueueRow';
import {
  decisionsFor,
  neighbourOf,
  type QueueEntry,
  queueEntries,
  stepFrom,
} from './moderation/queue-entries';
import { ReportDetails } from './moderation/ReportDetails';
import { decide, type ModerationQueue, type QueueFilters } from './moderation-api';
import './ReportsTab.css';

/** The reason an undone hide is restored with: kept in the history and sent like any decision. */
const UNDO_HIDE_REASON = 'Restored at once: the story was hidden by mistake.';

/** The filters in the URL (`?reason=&age=`), so a narrowed queue can be shared and undone with Back. */
function filtersFrom(params: URLSearchParams): QueueFilters {
  const filters: QueueFilters = {};
  const reason = params.get('reason');
  if (isReportReason(reason)) filters.reason = reason;
  const age = params.get('age');
  if (isQueueAge(age)) filters.age = age;
  return filters;
}

/**
 * The moderation queue: open reports and appeals by story, the most urgent first, then the
 * hidden stories. A story opens in a side panel beside the list (`?report=` keeps it, so a link
 * opens it and Back closes it) with its reports, slides and history; every decision is confirmed
 * with a stated reason, announced, and a hide can be undone. J/K move through the queue, D
 * dismisses, H hides. Filters by an open report's reason and by how long a story has waited
 * narrow the queue on the server (and leave out the hidden stories).
 */
export function ReportsTab({
  token,
  pages,
}: {
  token: string;
  pages: UseInfiniteQueryResult<InfiniteData<ModerationQueue>>;
}) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const [deciding, setDeciding] = useState<{ action: Decision; entry: QueueEntry } | null>(null);
  const filters = filtersFrom(params);
  const filtered = Object.keys(filters).length > 0;
  const found = useInfiniteQuery({ ...moderationQueueQuery(token, filters), enabled: filtered });
  const shown = filtered ? found : pages;
  const { open, hidden } = queueEntries(shown.data?.pages ?? []);
  const rows = [...open, ...hidden];
  const selectedId = params.get('report');
  const selected = rows.find((row) => row.id === selectedId) ?? null;

  /** Opening a story is a step Back returns from; moving through the queue replaces it. */
  function select(id: string | null, how: 'push' | 'replace' = 'push') {
    const next = new URLSearchParams(params);
    if (id) next.set('report', id);
    else next.delete('report');
    setParams(next, { replace: how === 'replace' });
  }

  function apply(next: QueueFilters) {
    const kept = new URLSearchParams(params);
    for (const key of ['reason', 'age'] as const) {
      const value = next[key];
      if (value) kept.set(key, value);
      else kept.delete(key);
    }
    kept.delete('report');
    setParams(kept);
  }

  function ask(action: Decision) {
    if (selected && decisionsFor(selected).includes(action)) setDeciding({ action, entry: selected });
  }

  useShortcuts(
    {
      j: () => select(stepFrom(rows, selectedId, 1), selectedId ? 'replace' : 'push'),
      k: () => select(stepFrom(rows, selectedId, -1), selectedId ? 'replace' : 'push'),
      d: () => ask('dismiss'),
      h: () => ask('hide'),
    },
    deciding === null,
  );

  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.all() });

  async function undoHide(entry: QueueEntry) {
    try {
      await decide(token, entry.id, 'restore', UNDO_HIDE_REASON);
      toast({ message: `Story restored: ${entry.title}`, tone: 'success' });
    } catch (error) {
      toast({
        message:
          error instanceof ApiError && error.detail ? error.detail : 'The story could not be restored.',
        tone: 'error',
      });
    }
    await refresh();
  }

  async function take(action: Decision, entry: QueueEntry, reason: string) {
    await decide(token, entry.id, action, reason);
    // The story leaves the queue: the panel goes on to the next one.
    const after = action === 'restore' && entry.kind === 'open' ? entry.id : neighbourOf(rows, entry.id);
    setDeciding(null);
    if (selectedId === entry.id) select(after, 'replace');
    toast({
      message: `${decisionTexts[action].done} ${entry.title}`,
      tone: 'success',
      ...(action === 'hide' ? { action: { label: 'Undo', onAction: () => void undoHide(entry) } } : {}),
    });
    await refresh();
  }

  const refusal =
    shown.error instanceof ApiError && shown.error.status === 400 && shown.error.detail
      ? shown.error.detail
      : null;

  return (
    <div className={`moderation${selectedId ? ' moderation--with-panel' : ''}`}>
      <p className="moderation-shortcuts text-meta" id="moderation-shortcuts">
        Keyboard: <kbd>J</kbd> next · <kbd>K</kbd> previous · <kbd>D</kbd> dismiss · <kbd>H</kbd> hide ·{' '}
        <kbd>Esc</kbd> close
      </p>
      <QueueFilterForm key={params.toString()} filters={filters} onApply={apply} />
      {shown.isPending ? (
        <p className="text-muted">Loading reports…</p>
      ) : shown.isError ? (
        <Alert tone="error">{refusal ?? 'Could not load the reports. Please try again.'}</Alert>
      ) : open.length === 0 ? (
        <EmptyNote as="div">
          <p>
            {filtered
              ? 'No open reports match these filters.'
              : 'No open reports. Every report has been decided.'}
          </p>
        </EmptyNote>
      ) : (
        <ol className="moderation-queue" aria-label="Open reports, most urgent first">
          {open.map((entry) => (
            <li key={entry.id}>
              <QueueRow entry={entry} selected={entry.id === selectedId} onOpen={() => select(entry.id)} />
            </li>
          ))}
        </ol>
      )}
      {hidden.length > 0 ? (
        <section aria-labelledby="hidden-stories-title" className="moderation-hidden">
          <SectionTitle id="hidden-stories-title">Hidden stories ({hidden.length})</SectionTitle>
          <ul className="moderation-queue">
            {hidden.map((entry) => (
              <li key={entry.id}>
                <QueueRow entry={entry} selected={entry.id === selectedId} onOpen={() => select(entry.id)} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <LoadMore pages={shown} />
      <SidePanel
        open={selectedId !== null}
        onClose={() => select(null)}
        title={selected?.title ?? 'Story'}
        footer={
          <>
            {selected ? (
              <ButtonGroup label="Decide on this story">
                {decisionsFor(selected).map((action, index) => (
                  <Button
                    key={action}
                    size="sm"
                    variant={action === 'delete' ? 'danger' : index === 0 ? 'primary' : 'secondary'}
                    aria-keyshortcuts={action === 'dismiss' ? 'D' : action === 'hide' ? 'H' : undefined}
                    onClick={() => setDeciding({ action: action as Decision, entry: selected })}
                  >
                    {actionLabels[action]}
                  </Button>
                ))}
              </ButtonGroup>
            ) : null}
            <ButtonGroup label="Move through the queue" align="end">
              <Button
                size="sm"
                variant="ghost"
                aria-keyshortcuts="K"
                onClick={() => select(stepFrom(rows, selectedId, -1), 'replace')}
              >
                Previous
              </Button>
              <Button
                size="sm"
                variant="ghost"
                aria-keyshortcuts="J"
                onClick={() => select(stepFrom(rows, selectedId, 1), 'replace')}
              >
                Next
              </Button>
            </ButtonGroup>
          </>
        }
      >
        {selected ? (
          <ReportDetails token={token} entry={selected} />
        ) : (
          <EmptyNote>This story has nothing open in the queue now.</EmptyNote>
        )}
      </SidePanel>
      {deciding ? (
        <DecisionDialog
          action={deciding.action}
          title={deciding.entry.title}
          onClose={() => setDeciding(null)}
          onDecide={(reason) => take(deciding.action, deciding.entry, reason)}
        />
      ) : null}
    </div>
  );
}

function QueueFilterForm({ filters, onApply }: { filters: QueueFilters; onApply(next: QueueFilters): void }) {
  const [reason, setReason] = useState<string>(filters.reason ?? '');
  const [age, setAge] = useState<string>(filters.age ?? '');
  return (
    <FilterForm
      label="Filter reports"
      submitLabel="Filter"
      onApply={() =>
        onApply({
          reason: isReportReason(reason) ? reason : undefined,
          age: isQueueAge(age) ? age : undefined,
        })
      }
    >
      <SelectField label="Reason" value={reason} onChange={(event) => setReason(event.target.value)}>
        <option value="">Any</option>
        {REPORT_REASONS.map((id) => (
          <option key={id} value={id}>
            {reportReasonLabels[id]}
          </option>
        ))}
      </SelectField>
      <SelectField label="Age" value={age} onChange={(event) => setAge(event.target.value)}>
        <option value="">Any</option>
        {(Object.keys(QUEUE_AGES) as QueueAge[]).map((id) => (
          <option key={id} value={id}>
            {queueAgeLabels[id]}
          </option>
        ))}
      </SelectField>
    </FilterForm>
  );
}
