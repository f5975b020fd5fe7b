import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../api/client';
import { storyKeys } from '../stories/story-queries';
import { studioKeys } from '../studio/studio-queries';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { imageSrc } from '../ui/image-src';
import { QueryState } from '../ui/QueryState';
import { surfaceClass } from '../ui/Surface';
import { deleteDraft, publishDraft, unscheduleDraft } from './draft-commands';
import { type DraftSummary, draftKeys, draftsQuery } from './drafts-queries';
import { StudioEntryActions, StudioEntryTitle } from './StudioEntry';
import { useStudioEntryDialogs } from './studio-entry-dialogs';
import './DraftsSection.css';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The studio's "Drafts": the creator's drafts, with their schedule, to edit, publish or throw away. */
export function DraftsSection({ token }: { token: string | null }) {
  const drafts = useQuery(draftsQuery(token));
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: draftKeys.all() });
  const { edit, confirm, dialogs } = useStudioEntryDialogs<DraftSummary>(token, 'draft', (draft) => ({
    title: 'Delete this draft?',
    message: 'The draft and its images are thrown away. This cannot be undone.',
    confirmLabel: 'Delete draft',
    onConfirm: async () => {
      await deleteDraft(draft.id);
      await refresh();
    },
  }));
  return (
    <section aria-labelledby="studio-drafts-title" className="studio__drafts">
      <h2 id="studio-drafts-title">Drafts</h2>
      <QueryState query={drafts} loading="Loading your drafts…" failure="Your drafts could not be loaded.">
        {({ drafts: list }) =>
          list.length === 0 ? (
            <p className="text-muted">No drafts. Save a story as a draft and it waits here.</p>
          ) : (
            <ul className="studio__draft-list">
              {list.map((draft) => (
                <DraftItem
                  key={draft.id}
                  draft={draft}
                  onEdit={() => edit(draft.id)}
                  onDelete={() => confirm(draft)}
                  onChanged={refresh}
                />
              ))}
            </ul>
          )
        }
      </QueryState>
      {dialogs}
    </section>
  );
}

interface DraftItemProps {
  draft: DraftSummary;
  onEdit(): void;
  onDelete(): void;
  onChanged(): Promise<unknown>;
}

function DraftItem({ draft, onEdit, onDelete, onChanged }: DraftItemProps) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<'publish' | 'unschedule' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const title = draft.title === '' ? 'Untitled draft' : `${draft.title}…`;

  async function run(action: 'publish' | 'unschedule') {
    setPending(action);
    setError(null);
    try {
      if (action === 'publish') {
        await publishDraft(draft.id);
        void queryClient.invalidateQueries({ queryKey: storyKeys.lists() });
        void queryClient.invalidateQueries({ queryKey: studioKeys.all() });
      } else {
        await unscheduleDraft(draft.id);
      }
      await onChanged();
    } catch (caught) {
      setError(caught instanceof ApiError && caught.detail ? caught.detail : 'Please try again.');
    } finally {
      setPending(null);
    }
  }

  return (
    <li className={surfaceClass('studio__draft')} data-testid="studio-draft">
      <img className="studio__draft-cover" src={imageSrc(draft.cover)} alt="" />
      <div className="studio__draft-body">
        <StudioEntryTitle isPremium={draft.isPremium}>{title}</StudioEntryTitle>
        <p className="text-muted studio__draft-meta">
          {draft.slides} {draft.slides === 1 ? 'slide' : 'slides'} ·{' '}
          {draft.publishAt ? (
            <>
              Scheduled for <time dateTime={draft.publishAt}>{when.format(new Date(draft.publishAt))}</time>
            </>
          ) : (
            <>
              Saved <time dateTime={draft.savedAt}>{when.format(new Date(draft.savedAt))}</time>
            </>
          )}
        </p>
        <StudioEntryActions>
          <Button size="sm" variant="secondary" onClick={onEdit} aria-label={`Edit ${title}`}>
            Edit
          </Button>
          <Button
            size="sm"
            variant="primary"
            onClick={() => void run('publish')}
            disabled={pending !== null}
            loading={pending === 'publish'}
            aria-label={`Publish now ${title}`}
          >
            Publish now
          </Button>
          {draft.publishAt ? (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => void run('unschedule')}
              disabled={pending !== null}
              loading={pending === 'unschedule'}
              aria-label={`Unschedule ${title}`}
            >
              Unschedule
            </Button>
          ) : null}
          <Button size="sm" variant="danger" onClick={onDelete} aria-label={`Delete ${title}`}>
            Delete
          </Button>
        </StudioEntryActions>
        {error ? <Alert tone="error">{error}</Alert> : null}
      </div>
    </li>
  );
}
