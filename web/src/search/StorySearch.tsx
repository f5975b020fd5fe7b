import type { Story } from '@nocturne/domain';
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { ApiError } from '../api/client';
import { Alert } from '../ui/Alert';
import { controlClass, FieldLabel } from '../ui/Field';
import { Spinner } from '../ui/Spinner';
import { MAX_SEARCH_LENGTH } from './search-api';
import { useDebounced } from './use-debounced';
import './StorySearch.css';

/** How long typing must pause before the words are searched (Enter searches at once). */
export const SEARCH_DEBOUNCE_MS = 300;

export const SEARCH_FAILED_MESSAGE = 'Search failed. Please try again.';

export interface StorySearchProps<Key extends QueryKey> {
  /** The field's visible label. */
  label: string;
  /** The query of one search: the matching stories, best first (fails when the search fails). */
  query(words: string): UseQueryOptions<Story[], Error, Story[], Key>;
  /** The found stories, as the screen shows cards. */
  children(stories: Story[]): ReactNode;
}

/**
 * A search field over the stories' texts and tags, and what it found: nothing while the field is
 * empty, "Searching…", the cards (with how many, announced), "No stories match", or the error.
 */
export function StorySearch<Key extends QueryKey>({ label, query, children }: StorySearchProps<Key>) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [submitted, setSubmitted] = useState<string | null>(null);
  const debounced = useDebounced(typed.trim(), SEARCH_DEBOUNCE_MS);
  // Enter searches the words at once; typing searches once it pauses.
  const words = submitted === typed.trim() ? submitted : debounced;
  const found = useQuery({
    ...query(words),
    enabled: words !== '',
    // A refused query (a 4xx) fails the same way twice: only a failure of the network or server is retried.
    retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status < 500),
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(typed.trim());
  }

  return (
    <search className="story-search" aria-labelledby={`${id}-label`}>
      <form className="story-search__form" onSubmit={onSubmit}>
        <FieldLabel id={`${id}-label`} htmlFor={`${id}-input`}>
          {label}
        </FieldLabel>
        <input
          id={`${id}-input`}
          className={controlClass('story-search__input')}
          type="search"
          value={typed}
          maxLength={MAX_SEARCH_LENGTH}
          placeholder="Words from a story or a tag"
          autoComplete="off"
          enterKeyHint="search"
          onChange={(event) => setTyped(event.target.value)}
        />
      </form>
      {words === '' ? null : <SearchOutcome words={words} found={found} render={children} />}
    </search>
  );
}

function SearchOutcome({
  words,
  found,
  render,
}: {
  words: string;
  found: { isPending: boolean; isError: boolean; error: unknown; data?: Story[] };
  render(stories: Story[]): ReactNode;
}) {
  if (found.isError) {
    const detail =
      found.error instanceof ApiError && found.error.status === 400 ? found.error.detail : undefined;
    return (
      <Alert tone="error" className="story-search__outcome">
        {detail ?? SEARCH_FAILED_MESSAGE}
      </Alert>
    );
  }
  if (found.isPending || !found.data) return <Spinner label="Searching…" />;
  const stories = found.data;
  return (
    <div className="story-search__outcome">
      <p className="story-search__count" role="status">
        {stories.length === 0
          ? `No stories match “${words}”.`
          : `${stories.length} ${stories.length === 1 ? 'story matches' : 'stories match'} “${words}”`}
      </p>
      {stories.length > 0 ? render(stories) : null}
    </div>
  );
}
