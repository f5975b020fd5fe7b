import { type ModerationAction, reportReasonLabels } from '@nocturne/domain';
import {
  type InfiniteData,
  type UseInfiniteQueryResult,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Alert } from '../ui/Alert';
import { EmptyNote } from '../ui/EmptyNote';
import { imageSrc } from '../ui/image-src';
import { LoadMore } from '../ui/LoadMore';
import { SectionTitle } from '../ui/SectionTitle';
import { surfaceClass } from '../ui/Surface';
import { adminKeys, moderationHistoryQuery } from './admin-queries';
import { decide, type ModerationQueue, type QueuedStory } from './moderation-api';
import { ReasonForm } from './ReasonForm';
import './ReportsTab.css';

const actionLabels: Record<ModerationAction, string> = {
  dismiss: 'Dismiss',
  hide: 'Hide',
  restore: 'Restore',
  delete: 'Delete',
  rate: 'Change rating',
};

/**
 * The moderation queue: open reports and appeals grouped by story, the most urgent first, each
 * with its reasons, counts and texts and the story itself; every decision needs a stated reason,
 * which is kept and sent to the reporters and the publishing account.
 */
export function ReportsTab({
  token,
  pages,
}: {
  token: string;
  pages: UseInfiniteQueryResult<InfiniteData<ModerationQueue>>;
}) {
  if (pages.isPending) return <p className="text-muted">Loading reports…</p>;
  if (pages.isError) return <Alert tone="error">Could not load the reports. Please try again.</Alert>;
  const stories = pages.data.pages.flatMap((page) => page.stories);
  const hidden = pages.data.pages.flatMap((page) => page.hidden);
  return (
    <div className="moderation">
      {stories.length === 0 ? (
        <EmptyNote as="div">
          <p>No open reports. Every report has been decided.</p>
        </EmptyNote>
      ) : (
        <ol className="moderation-queue" aria-label="Open reports, most urgent first">
          {stories.map((queued) => (
            <li key={queued.story_id}>
              <QueuedStoryCard token={token} queued={queued} />
            </li>
          ))}
        </ol>
      )}
      {hidden.length > 0 ? (
        <section aria-labelledby="hidden-stories-title" className="moderation-hidden">
          <SectionTitle id="hidden-stories-title">Hidden stories ({hidden.length})</SectionTitle>
          <ul className="moderation-queue">
            {hidden.map((story) => (
              <li key={story.story_id}>
                <article className={surfaceClass('moderation-item')} data-story-id={story.story_id}>
                  <h3 className="moderation-item__title">{story.title.slice(0, 80)}</h3>
                  <p className="moderation-item__hidden">Hidden: {story.hidden_reason}</p>
                  <ModerationHistoryList token={token} storyId={story.story_id} />
                  <DecisionForm token={token} storyId={story.story_id} actions={['restore', 'delete']} />
                </article>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <LoadMore pages={pages} />
    </div>
  );
}

/** A story's decisions so far, with who decided and why, loaded when opened. */
function ModerationHistoryList({ token, storyId }: { token: string; storyId: string }) {
  const [open, setOpen] = useState(false);
  const history = useQuery({ ...moderationHistoryQuery(token, storyId), enabled: open });
  return (
    <details className="moderation-item__story" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>Moderation history</summary>
      {history.data ? (
        <ol className="moderation-history">
          {history.data.decisions.map((d) => (
            <li key={`${d.decided_at}-${d.action}`}>
              {new Date(d.decided_at).toLocaleString()}: {actionLabels[d.action]} by {d.decided_by}
              {/* An admin's plain delete states no reason; a decision always does. */}
              {d.reason ? `, because: ${d.reason}` : ', without a stated reason'}
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-muted">Loading…</p>
      )}
    </details>
  );
}

/** The decision buttons of a story, each needing the stated reason typed above them. */
function DecisionForm({
  token,
  storyId,
  actions,
}: {
  token: string;
  storyId: string;
  actions: ModerationAction[];
}) {
  const queryClient = useQueryClient();
  return (
    <ReasonForm
      reasonLabel="Reason for the decision (sent to the reporters and the publishing account)"
      actions={actions.map((action) => ({
        id: action,
        label: actionLabels[action],
        variant: action === 'delete' ? 'danger' : action === 'hide' ? 'primary' : 'secondary',
      }))}
      failure="The decision failed. Please try again."
      onDecide={async (action, reason) => {
        await decide(token, storyId, action, reason);
        await queryClient.invalidateQueries({ queryKey: adminKeys.all() });
      }}
    />
  );
}

function QueuedStoryCard({ token, queued }: { token: string; queued: QueuedStory }) {
  const titleId = useId();
  const story = queued.story;
  const actions: ModerationAction[] =
    story === null
      ? ['dismiss']
      : queued.hidden_reason === null
        ? ['dismiss', 'hide', 'delete']
        : ['dismiss', 'restore', 'delete'];
  return (
    <article
      className={surfaceClass('moderation-item')}
      aria-labelledby={titleId}
      data-story-id={queued.story_id}
    >
      <header className="moderation-item__head">
        <h3 id={titleId} className="moderation-item__title">
          {story?.texts[0]?.slice(0, 80) ?? 'Deleted story'}
        </h3>
        <p className="moderation-item__meta">
          {queued.reports.length} open report{queued.reports.length === 1 ? '' : 's'}
          {queued.urgent > 0 ? `, ${queued.urgent} urgent` : ''} · waiting since{' '}
          {new Date(queued.waiting_since).toLocaleString()}
          {story?.isPremium ? ' · Premium' : ''}
          {queued.hidden_reason !== null ? ' · Hidden' : ''}
        </p>
      </header>
      <ul className="cluster moderation-item__counts" aria-label="Reports by reason">
        {Object.entries(queued.counts).map(([id, count]) => (
          <li
            key={id}
            className={`moderation-count${id === 'involves_minor' || id === 'illegal_content' ? ' moderation-count--urgent' : ''}`}
          >
            {reportReasonLabels[id as keyof typeof reportReasonLabels]}: {count}
          </li>
        ))}
      </ul>
      {queued.hidden_reason !== null ? (
        <p className="moderation-item__hidden">Hidden: {queued.hidden_reason}</p>
      ) : null}
      {queued.appeal ? (
        <div className="moderation-item__appeal">
          <strong>Appeal by the publishing account</strong>
          <p>{queued.appeal.text}</p>
        </div>
      ) : null}
      {queued.reports.some((r) => r.text) ? (
        <ul className="moderation-item__texts" aria-label="What the reporters wrote">
          {queued.reports
            .filter((r) => r.text)
            .map((r) => (
              <li key={r.report_id}>
                <span className="text-meta">
                  {reportReasonLabels[r.reason]}, a {r.reporter_kind}:
                </span>{' '}
                {r.text}
              </li>
            ))}
        </ul>
      ) : null}
      {story ? (
        <details className="moderation-item__story">
          <summary>Read the story ({story.texts.length} slides)</summary>
          <ol className="moderation-slides">
            {story.texts
              .map((text, i) => ({ text, image: story.images[i], slide: i + 1 }))
              .map((slide) => (
                <li key={slide.slide} className="moderation-slide">
                  {slide.image ? (
                    <img
                      src={imageSrc(slide.image)}
                      alt={`Slide ${slide.slide}`}
                      width={120}
                      height={160}
                      loading="lazy"
                    />
                  ) : null}
                  <p>{slide.text}</p>
                </li>
              ))}
          </ol>
        </details>
      ) : null}
      <ModerationHistoryList token={token} storyId={queued.story_id} />
      <DecisionForm token={token} storyId={queued.story_id} actions={actions} />
    </article>
  );
}
