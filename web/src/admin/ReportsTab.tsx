import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ApiError } from '../api/client';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { ButtonGroup } from '../ui/ButtonGroup';
import { EmptyNote } from '../ui/EmptyNote';
import { LoadMore } from '../ui/LoadMore';
import { SectionTitle } from '../ui/SectionTitle';
import { SidePanel } from '../ui/SidePanel';
import { useToast } from '../ui/Toast';
import { useShortcuts } from '../ui/use-shortcuts';
import { adminKeys } from './admin-queries';
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
import { decide, type ModerationQueue } from './moderation-api';
import './ReportsTab.css';

/** The reason an undone hide is restored with: kept in the history and sent like any decision. */
const UNDO_HIDE_REASON = 'Restored at once: the story was hidden by mistake.';

/**
 * The moderation queue: open reports and appeals by story, the most urgent first, then the
 * hidden stories. A story opens in a side panel beside the list (`?report=` keeps it, so a link
 * opens it and Back closes it) with its reports, slides and history; every decision is confirmed
 * with a stated reason, announced, and a hide can be undone. J/K move through the queue, D
 * dismisses, H hides.
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
  const { open, hidden } = queueEntries(pages.data?.pages ?? []);
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

  if (pages.isPending) return <p className="text-muted">Loading reports…</p>;
  if (pages.isError) return <Alert tone="error">Could not load the reports. Please try again.</Alert>;

  return (
    <div className={`moderation${selectedId ? ' moderation--with-panel' : ''}`}>
      <p className="moderation-shortcuts text-meta" id="moderation-shortcuts">
        Keyboard: <kbd>J</kbd> next · <kbd>K</kbd> previous · <kbd>D</kbd> dismiss · <kbd>H</kbd> hide ·{' '}
        <kbd>Esc</kbd> close
      </p>
      {open.length === 0 ? (
        <EmptyNote as="div">
          <p>No open reports. Every report has been decided.</p>
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
      <LoadMore pages={pages} />
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
