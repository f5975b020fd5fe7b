import {
  creatorAssuranceMessages,
  creatorMessages,
  DEFAULT_STORY_RATING,
  draftMessages,
  MAX_SLIDES,
  MIN_SLIDES,
  penNameProblem,
  type StoryRatingId,
} from '@nocturne/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { ApiError, api } from '../api/client';
import { useAuth } from '../auth/auth-context';
import { creatorKeys, penNameQuery } from '../creators/creator-queries';
import { publishDraft, scheduleDraft } from '../drafts/draft-commands';
import { draftKeys, type EditedContent, type OwnContent } from '../drafts/drafts-queries';
import { LabelsPicker } from '../labels/LabelsPicker';
import { curatedTagsQuery } from '../labels/label-queries';
import { appendLabels, type Labels, noLabels } from '../labels/labels-picker';
import { RatingPicker } from '../labels/RatingPicker';
import { storyKeys } from '../stories/story-queries';
import { studioKeys } from '../studio/studio-queries';
import { Alert } from '../ui/Alert';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import { Checkbox, controlClass, Field, FieldLabel, Form } from '../ui/Field';
import { imageSrc } from '../ui/image-src';
import { PlusIcon } from '../ui/page-icons';
import { SlideEditor } from './SlideEditor';
import { contentBody, type DraftSlide, draftProblem, formMessages, localDateTime } from './story-form-rules';
import './CreateStoryForm.css';

export interface CreateStoryFormProps {
  /**
   * How the upload is authorised: the standalone page sends X-Invite-Code, the admin panel
   * X-Admin-Code (with `token: null`); by default the stored session token (Bearer) is sent.
   */
  headers?: Record<string, string>;
  token?: string | null;
  /** Called with the story's id once it is published (a new story, a draft published now, a revision). */
  onCreated(id: string): void;
  /** Called with the draft's id once it is saved or scheduled (members only). */
  onDraftSaved?(id: string): void;
  submitLabel?: string;
  /** A saved draft or a published story to edit (members only); a new story without it. */
  editing?: EditedStory;
}

/** What the form edits: a draft (saved, published or scheduled from here) or a published story (revised). */
export interface EditedStory {
  kind: 'draft' | 'story';
  content: EditedContent;
}

interface Draft extends DraftSlide {
  key: number;
}

type Action = 'publish' | 'draft' | 'schedule';

let nextKey = 1;
const emptySlide = (): Draft => ({ key: nextKey++, file: null, text: '', alt: '' });
const initialSlides = () => Array.from({ length: MIN_SLIDES }, emptySlide);
const savedSlides = (content: OwnContent): Draft[] =>
  content.texts.map((text, slide) => ({
    key: nextKey++,
    file: null,
    text,
    alt: content.alts[slide] ?? '',
    kept: { slide, src: imageSrc(content.images[slide]!) },
  }));

const submitLabels = { new: 'Publish Story', draft: 'Publish now', story: 'Save Revision' } as const;
const pendingLabels: Record<Action, string> = {
  publish: 'Publishing…',
  draft: 'Saving…',
  schedule: 'Scheduling…',
};

/**
 * The story creation form: slides of image plus text, add and
 * remove (2 to 10), a Premium marker, a live n/500 word counter, the product's messages; up to 8
 * curated tags and content warnings. On
 * success it clears itself and reports the new story's id.
 */
export function CreateStoryForm({
  headers,
  token,
  onCreated,
  onDraftSaved,
  editing,
  submitLabel = submitLabels[editing?.kind ?? 'new'],
}: CreateStoryFormProps) {
  const queryClient = useQueryClient();
  const [slides, setSlides] = useState<Draft[]>(() =>
    editing ? savedSlides(editing.content) : initialSlides(),
  );
  const [isPremium, setIsPremium] = useState(editing?.content.isPremium ?? false);
  const [labels, setLabels] = useState<Labels>(() =>
    editing ? { tags: editing.content.tags, warnings: editing.content.warnings } : noLabels(),
  );
  const [rating, setRating] = useState<StoryRatingId>(editing?.content.rating ?? DEFAULT_STORY_RATING);
  const curatedTags = useQuery(curatedTagsQuery());
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState<Action | null>(null);
  // A scheduled draft opens on its time: saving keeps the schedule, Schedule moves it.
  const [publishAt, setPublishAt] = useState(() =>
    editing?.content.publishAt ? localDateTime(editing.content.publishAt) : '',
  );
  const [draftId, setDraftId] = useState(editing?.kind === 'draft' ? editing.content.id : null);
  const [formKey, setFormKey] = useState(0);
  const errorRef = useRef<HTMLDivElement>(null);
  const formId = useId();
  // A member publishes under a pen name, chosen with their first story; the admin and an invite
  // holder publish under the product's name.
  const member = headers === undefined && token === undefined;
  const session = useAuth().token;
  const penName = useQuery(penNameQuery(session));
  const needsPenName = member && penName.data !== undefined && penName.data.penName === null;
  const [newPenName, setNewPenName] = useState('');

  function update(index: number, slide: DraftSlide) {
    setSlides((all) => all.map((s, i) => (i === index ? { ...s, ...slide } : s)));
  }

  function fail(message: string) {
    setError(message);
    queueMicrotask(() => errorRef.current?.scrollIntoView?.({ block: 'nearest' }));
  }

  function content() {
    const body = contentBody(slides);
    if (editing?.kind !== 'story') body.append('isPremium', String(isPremium));
    appendLabels(body, labels);
    body.append('rating', rating);
    return body;
  }

  /** Saves the draft (a new one, or over the one being edited) and answers its id. */
  async function saveDraft(): Promise<string> {
    if (draftId === null) {
      const { id } = await api<{ id: string }>('/api/drafts', { method: 'POST', body: content() });
      setDraftId(id); // a retry after a later step failed saves over it
      return id;
    }
    await api(`/api/drafts/${encodeURIComponent(draftId)}`, { method: 'PUT', body: content() });
    return draftId;
  }

  async function publish(): Promise<string> {
    if (editing?.kind === 'story') {
      await api(`/api/stories/${encodeURIComponent(editing.content.id)}/revisions`, {
        method: 'POST',
        body: content(),
      });
      return editing.content.id;
    }
    if (editing?.kind === 'draft') {
      const id = await saveDraft();
      await publishDraft(id);
      return id;
    }
    const body = content();
    if (needsPenName) body.append('penName', newPenName);
    const { id } = await api<{ id: string }>('/api/stories', {
      method: 'POST',
      body,
      headers,
      ...(token !== undefined ? { token } : {}),
    });
    return id;
  }

  function problemBefore(action: Action): string | null {
    if (action === 'schedule') {
      if (publishAt === '' || !(new Date(publishAt).getTime() > Date.now()))
        return draftMessages.pastSchedule;
      const problem = draftProblem(slides);
      if (problem) return problem;
    }
    if (action !== 'publish') return null;
    const problem = draftProblem(slides);
    if (problem) return problem;
    if (needsPenName && editing === undefined) {
      if (newPenName.trim() === '') return creatorMessages.penNameRequired;
      return penNameProblem(newPenName);
    }
    return null;
  }

  async function send(action: Action) {
    const problem = problemBefore(action);
    if (problem) return fail(problem);
    setError(null);
    setSubmitting(action);
    try {
      const id = action === 'publish' ? await publish() : await saveDraft();
      if (action === 'schedule') await scheduleDraft(id, new Date(publishAt).toISOString());
      void queryClient.invalidateQueries({ queryKey: draftKeys.all() });
      if (action === 'publish') {
        void queryClient.invalidateQueries({ queryKey: storyKeys.lists() });
        if (editing?.kind === 'story') void queryClient.invalidateQueries({ queryKey: storyKeys.story(id) });
        void queryClient.invalidateQueries({ queryKey: studioKeys.all() });
        if (needsPenName) void queryClient.invalidateQueries({ queryKey: creatorKeys.all() });
      }
      if (editing === undefined) {
        setSlides(initialSlides());
        setIsPremium(false);
        setLabels(noLabels());
        setPublishAt('');
        setDraftId(null);
        setFormKey((k) => k + 1); // clears the file inputs
      }
      if (action === 'publish') onCreated(id);
      else onDraftSaved?.(id);
    } catch (caught) {
      fail(caught instanceof ApiError ? (caught.detail ?? formMessages.submitFailed) : formMessages.network);
    } finally {
      setSubmitting(null);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void send('publish');
  }

  // Drafts are a member's: the admin and an invite holder publish at once.
  const drafts = member && editing?.kind !== 'story';

  return (
    <Form className="create-story" onSubmit={submit} noValidate key={formKey}>
      {needsPenName ? (
        <Field
          label="Pen name"
          name="penName"
          value={newPenName}
          onChange={(event) => setNewPenName(event.target.value)}
          maxLength={30}
          autoComplete="nickname"
          hint="Shown on your stories and your creator page: 2 to 30 letters, digits, spaces, - and _."
        />
      ) : member && penName.data?.penName ? (
        <p className="text-muted create-story__pen-name">
          Publishing as <strong>{penName.data.penName}</strong>
        </p>
      ) : null}
      <div className="create-story__slides">
        {slides.map((slide, index) => (
          <SlideEditor
            key={slide.key}
            index={index}
            slide={slide}
            canRemove={slides.length > MIN_SLIDES}
            onChange={(next) => update(index, next)}
            onRemove={() => setSlides((all) => all.filter((s) => s.key !== slide.key))}
          />
        ))}
      </div>
      <div className="create-story__row">
        <Button
          variant="secondary"
          onClick={() => setSlides((all) => [...all, emptySlide()])}
          disabled={slides.length >= MAX_SLIDES}
        >
          <PlusIcon />
          Add Slide
        </Button>
        <span className="text-muted create-story__slide-count">
          {slides.length} of {MAX_SLIDES} slides
        </span>
      </div>
      {editing?.kind === 'story' ? (
        isPremium ? (
          <p className="text-muted">
            A revision keeps the story premium <Badge premium>Premium</Badge>
          </p>
        ) : null
      ) : (
        <Checkbox
          className="create-story__premium"
          checked={isPremium}
          onChange={(event) => setIsPremium(event.target.checked)}
        >
          <span>
            Premium story <Badge premium>Premium</Badge>
          </span>
        </Checkbox>
      )}
      <RatingPicker value={rating} onChange={setRating} />
      {rating === 'explicit' ? (
        <p className="text-muted" data-testid="explicit-assurance-note">
          {creatorAssuranceMessages.explicitNote}
        </p>
      ) : null}
      <LabelsPicker
        curated={curatedTags.data ?? (curatedTags.isError ? [] : undefined)}
        value={labels}
        onChange={setLabels}
      />
      <div ref={errorRef}>{error ? <Alert tone="error">{error}</Alert> : null}</div>
      {drafts ? (
        <fieldset className="create-story__schedule">
          <legend>Schedule</legend>
          <FieldLabel htmlFor={`${formId}-publish-at`}>Publish on</FieldLabel>
          <div className="create-story__row">
            <input
              id={`${formId}-publish-at`}
              className={controlClass()}
              type="datetime-local"
              value={publishAt}
              onChange={(event) => setPublishAt(event.target.value)}
            />
            <Button
              variant="secondary"
              onClick={() => void send('schedule')}
              disabled={submitting !== null}
              loading={submitting === 'schedule'}
              loadingLabel={pendingLabels.schedule}
            >
              Schedule
            </Button>
          </div>
        </fieldset>
      ) : null}
      <div className="create-story__actions">
        <Button
          type="submit"
          variant="primary"
          size="lg"
          block
          disabled={submitting !== null && submitting !== 'publish'}
          loading={submitting === 'publish'}
          loadingLabel={pendingLabels.publish}
        >
          {submitLabel}
        </Button>
        {drafts ? (
          <Button
            variant="secondary"
            size="lg"
            block
            onClick={() => void send('draft')}
            disabled={submitting !== null && submitting !== 'draft'}
            loading={submitting === 'draft'}
            loadingLabel={pendingLabels.draft}
          >
            {editing?.kind === 'draft' ? 'Save draft' : 'Save as draft'}
          </Button>
        ) : null}
      </div>
    </Form>
  );
}
