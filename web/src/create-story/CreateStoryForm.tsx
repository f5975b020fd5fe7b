import { creatorMessages, MAX_SLIDES, MIN_SLIDES, penNameProblem } from '@nocturne/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { ApiError, api } from '../api/client';
import { useAuth } from '../auth/auth-context';
import { Field } from '../auth/Field';
import { creatorKeys, penNameQuery } from '../creators/creator-queries';
import { LabelsPicker } from '../labels/LabelsPicker';
import { curatedTagsQuery } from '../labels/label-queries';
import { appendLabels, type Labels, noLabels } from '../labels/labels-picker';
import { storyKeys } from '../stories/story-queries';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { PlusIcon } from '../ui/page-icons';
import { SlideEditor } from './SlideEditor';
import { type DraftSlide, draftProblem, formMessages } from './story-form-rules';
import './create-story.css';

export interface CreateStoryFormProps {
  /**
   * How the upload is authorised: the standalone page sends X-Invite-Code, the admin panel
   * X-Admin-Code (with `token: null`); by default the stored session token (Bearer) is sent.
   */
  headers?: Record<string, string>;
  token?: string | null;
  onCreated(id: string): void;
  submitLabel?: string;
}

interface Draft extends DraftSlide {
  key: number;
}

let nextKey = 1;
const emptySlide = (): Draft => ({ key: nextKey++, file: null, text: '' });
const initialSlides = () => Array.from({ length: MIN_SLIDES }, emptySlide);

/**
 * The story creation form: slides of image plus text, add and
 * remove (2 to 10), a Premium marker, a live n/500 word counter, the spec's messages; up to 8
 * curated tags and content warnings. On
 * success it clears itself and reports the new story's id.
 */
export function CreateStoryForm({
  headers,
  token,
  onCreated,
  submitLabel = 'Publish Story',
}: CreateStoryFormProps) {
  const queryClient = useQueryClient();
  const [slides, setSlides] = useState<Draft[]>(initialSlides);
  const [isPremium, setIsPremium] = useState(false);
  const [labels, setLabels] = useState<Labels>(noLabels);
  const curatedTags = useQuery(curatedTagsQuery());
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const errorRef = useRef<HTMLDivElement>(null);
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

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = draftProblem(slides);
    if (problem) return fail(problem);
    if (needsPenName) {
      if (newPenName.trim() === '') return fail(creatorMessages.penNameRequired);
      const nameProblem = penNameProblem(newPenName);
      if (nameProblem) return fail(nameProblem);
    }
    setError(null);
    const body = new FormData();
    for (const slide of slides) {
      body.append('images', slide.file!);
      body.append('texts', slide.text.trim());
    }
    body.append('isPremium', String(isPremium));
    appendLabels(body, labels);
    if (needsPenName) body.append('penName', newPenName);
    setSubmitting(true);
    try {
      const { id } = await api<{ id: string }>('/api/stories', {
        method: 'POST',
        body,
        headers,
        ...(token !== undefined ? { token } : {}),
      });
      void queryClient.invalidateQueries({ queryKey: storyKeys.lists() });
      if (needsPenName) void queryClient.invalidateQueries({ queryKey: creatorKeys.all() });
      setSlides(initialSlides());
      setIsPremium(false);
      setLabels(noLabels());
      setFormKey((k) => k + 1); // clears the file inputs
      onCreated(id);
    } catch (caught) {
      fail(caught instanceof ApiError ? (caught.detail ?? formMessages.submitFailed) : formMessages.network);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form className="form create-story" onSubmit={submit} noValidate key={formKey}>
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
      <label className="checkbox create-story__premium">
        <input type="checkbox" checked={isPremium} onChange={(event) => setIsPremium(event.target.checked)} />
        <span>
          Premium story <span className="badge badge--premium">Premium</span>
        </span>
      </label>
      <LabelsPicker
        curated={curatedTags.data ?? (curatedTags.isError ? [] : undefined)}
        value={labels}
        onChange={setLabels}
      />
      <div ref={errorRef}>{error ? <Alert tone="error">{error}</Alert> : null}</div>
      <Button type="submit" variant="primary" size="lg" block loading={submitting} loadingLabel="Publishing…">
        {submitLabel}
      </Button>
    </form>
  );
}
