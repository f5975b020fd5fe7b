import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../api/client';
import { curatedTagsQuery, labelKeys } from '../labels/label-queries';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { controlClass } from '../ui/Field';
import { SectionTitle } from '../ui/SectionTitle';
import { surfaceClass } from '../ui/Surface';
import { addTag, removeTag } from './admin-api';
import './AdminTags.css';

const failureOf = (error: unknown) =>
  error instanceof ApiError && error.detail
    ? error.detail
    : 'The tag list could not be changed. Please try again.';

/** The curated tag list writers choose from: add a tag, remove one. */
export function AdminTags({ token }: { token: string }) {
  const queryClient = useQueryClient();
  const tags = useQuery(curatedTagsQuery());
  const [draft, setDraft] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: labelKeys.choices() });
  const add = useMutation({
    mutationFn: (tag: string) => addTag(token, tag),
    onSuccess: async () => {
      setDraft('');
      await refresh();
    },
  });
  const remove = useMutation({ mutationFn: (tag: string) => removeTag(token, tag), onSuccess: refresh });
  const failure = add.error ?? remove.error;

  function submit(event: FormEvent) {
    event.preventDefault();
    remove.reset();
    if (draft.trim()) add.mutate(draft);
  }

  return (
    <section className={surfaceClass('admin-tags')} aria-labelledby="admin-tags-title">
      <SectionTitle id="admin-tags-title">Tags</SectionTitle>
      <form className="admin-tags__form" onSubmit={submit}>
        <label htmlFor="admin-new-tag" className="visually-hidden">
          New tag
        </label>
        <input
          id="admin-new-tag"
          className={controlClass()}
          value={draft}
          maxLength={30}
          placeholder="New tag, e.g. slow burn"
          onChange={(event) => setDraft(event.target.value)}
        />
        <Button type="submit" variant="secondary" loading={add.isPending}>
          Add tag
        </Button>
      </form>
      {failure ? <Alert tone="error">{failureOf(failure)}</Alert> : null}
      {tags.isError ? <Alert tone="error">Failed to load tags</Alert> : null}
      {tags.data?.length === 0 ? <p className="text-muted">No tags yet: writers can choose none.</p> : null}
      <ul className="cluster admin-tags__list" aria-label="Curated tags">
        {tags.data?.map((tag) => (
          <li key={tag} className="label-chip">
            <span>{tag}</span>
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Remove tag ${tag}`}
              disabled={remove.isPending}
              onClick={() => {
                add.reset();
                remove.mutate(tag);
              }}
            >
              Remove
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
