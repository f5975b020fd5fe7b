import { reportReasonLabels } from '@nocturne/domain';
import { imageSrc } from '../../ui/image-src';
import { Pill } from '../../ui/Pill';
import { SectionSubtitle } from '../../ui/SectionTitle';
import { ModerationHistory } from './ModerationHistory';
import type { QueueEntry } from './queue-entries';
import { ReasonCounts, ReportMeta } from './ReportMeta';
import { reportedSlides } from './reported-slides';

/** In place of what a reporter or the publisher wrote, once it went with their erased account. */
export function RemovedText() {
  return <em className="text-muted">Removed with the account that wrote it</em>;
}

/**
 * What a moderator reads before deciding: the reports' texts and the appeal, the story's slides
 * by number (those a report names marked and first), the history; the story's id one click away.
 */
export function ReportDetails({ token, entry }: { token: string; entry: QueueEntry }) {
  const queued = entry.kind === 'open' ? entry.queued : null;
  const story = queued?.story ?? null;
  const named = story
    ? reportedSlides(queued?.reports.map((r) => r.text ?? '') ?? [], story.texts.length)
    : [];
  const slides = story ? story.texts.map((text, i) => ({ text, image: story.images[i], slide: i + 1 })) : [];
  const ordered = [
    ...slides.filter((s) => named.includes(s.slide)),
    ...slides.filter((s) => !named.includes(s.slide)),
  ];
  return (
    <div className="report-panel" data-story-id={entry.id}>
      {queued ? (
        <>
          <ReportMeta queued={queued} />
          <ReasonCounts queued={queued} />
        </>
      ) : null}
      {entry.kind === 'hidden' ? (
        <p className="moderation-item__hidden">Hidden: {entry.hiddenReason}</p>
      ) : null}
      {queued?.hidden_reason ? (
        <p className="moderation-item__hidden">Hidden: {queued.hidden_reason}</p>
      ) : null}
      {queued?.appeal ? (
        <div className="moderation-item__appeal">
          <strong>Appeal by the publishing account</strong>
          <p>{queued.appeal.text ?? <RemovedText />}</p>
        </div>
      ) : null}
      {queued && queued.reports.length > 0 ? (
        <section aria-label="What the reporters wrote" className="report-panel__section">
          <SectionSubtitle>Reports</SectionSubtitle>
          <ul className="moderation-item__texts">
            {queued.reports.map((r) => (
              <li key={r.report_id}>
                <span className="text-meta">
                  {reportReasonLabels[r.reason]}, a {r.reporter_kind},{' '}
                  {new Date(r.reported_at).toLocaleString()}:
                </span>{' '}
                {r.text === null ? <RemovedText /> : r.text || <span className="text-muted">no text</span>}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {story ? (
        <section aria-label="The story's slides" className="report-panel__section">
          <SectionSubtitle>
            Slides ({story.texts.length})
            {named.length > 0 ? `, named in the reports: ${named.join(', ')}` : ''}
          </SectionSubtitle>
          <ol className="moderation-slides">
            {ordered.map((slide) => (
              <li key={slide.slide} className="moderation-slide">
                {slide.image ? (
                  <img
                    src={imageSrc(slide.image)}
                    alt={`Slide ${slide.slide}`}
                    width={120}
                    height={160}
                    loading="lazy"
                  />
                ) : (
                  <span />
                )}
                <div>
                  <p className="moderation-slide__number">
                    Slide {slide.slide}{' '}
                    {named.includes(slide.slide) ? <Pill tone="warn">Named in a report</Pill> : null}
                  </p>
                  <p>{slide.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </section>
      ) : entry.kind === 'open' ? (
        <p className="text-muted">The story itself is deleted; only its reports are left to dismiss.</p>
      ) : null}
      <ModerationHistory token={token} storyId={entry.id} />
      <details className="report-panel__id">
        <summary>Story id</summary>
        <code className="text-mono">{entry.id}</code>
      </details>
    </div>
  );
}
