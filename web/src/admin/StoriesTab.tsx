import { STORY_RATINGS, type Story, type StoryRatingId } from '@nocturne/domain';
import {
  type InfiniteData,
  type UseInfiniteQueryResult,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ApiError } from '../api/client';
import { FilterForm } from '../audit/FilterForm';
import { CreateStoryForm } from '../create-story/CreateStoryForm';
import { StorySearch } from '../search/StorySearch';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { EmptyNote } from '../ui/EmptyNote';
import { Field, SelectField } from '../ui/Field';
import { LoadMore } from '../ui/LoadMore';
import { SectionTitle } from '../ui/SectionTitle';
import { surfaceClass } from '../ui/Surface';
import { AdminStoryCard } from './AdminStoryCard';
import { AdminTags } from './AdminTags';
import { useAdminAccess } from './admin-access';
import type { AdminStoriesPage, StoryFilters } from './admin-api';
import { adminKeys, adminStoriesQuery, adminStoryQuery, adminStorySearchQuery } from './admin-queries';
import { StoryPanel } from './StoryPanel';
import { useStoryDelete } from './use-story-delete';
import './StoriesTab.css';

const isRating = (value: string | null): value is StoryRatingId => STORY_RATINGS.some((r) => r.id === value);

/**
 * The filters in the URL (`?creator=&rating=&state=`), so a filtered list can be shared and undone
 * with Back. The published stories are the list itself: only `state=hidden` narrows it.
 */
function filtersFrom(params: URLSearchParams): StoryFilters {
  const filters: StoryFilters = {};
  const creator = params.get('creator')?.trim().replace(/^@/, '');
  if (creator) filters.creator = creator;
  const rating = params.get('rating');
  if (isRating(rating)) filters.rating = rating;
  if (params.get('state') === 'hidden') filters.state = 'hidden';
  return filters;
}

/**
 * The Stories tab: the list first, "Create New Story" and the tags behind their buttons (open
 * by themselves when there is no story yet), a search by words (titles and texts) and filters by
 * creator, rating and state (published or hidden), then the cards a page at a time. A story opens in a side panel beside the
 * list (`?story=` keeps it, so a link opens it and Back closes it).
 */
export function StoriesTab({
  token,
  stories,
}: {
  token: string;
  stories: UseInfiniteQueryResult<InfiniteData<AdminStoriesPage>>;
}) {
  const queryClient = useQueryClient();
  const { may } = useAdminAccess();
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const filtered = Object.keys(filters).length > 0;
  const found = useInfiniteQuery({ ...adminStoriesQuery(token, filters), enabled: filtered });
  const pages = filtered ? found : stories;
  const list = pages.data?.pages.flatMap((page) => page.stories) ?? [];
  const [searched, setSearched] = useState<Story[]>([]);

  const selectedId = params.get('story');
  const listed = [...list, ...searched].find((story) => story.id === selectedId) ?? null;
  // A shared link's story may be on no page loaded yet: read by its id.
  const single = useQuery({ ...adminStoryQuery(token, selectedId), enabled: selectedId !== null && !listed });
  const selected = listed ?? single.data ?? null;
  const select = (id: string | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set('story', id);
    else next.delete('story');
    setParams(next);
  };
  const apply = (next: StoryFilters) => {
    const kept = new URLSearchParams(params);
    for (const key of ['creator', 'rating', 'state'] as const) {
      const value = next[key];
      if (value) kept.set(key, value);
      else kept.delete(key);
    }
    kept.delete('story');
    setParams(kept);
  };

  const removal = useStoryDelete(token, (id) => {
    if (id === selectedId) select(null);
  });
  const onDelete = may('DELETE', '/api/stories/:id') ? removal.ask : undefined;
  const reload = () => queryClient.invalidateQueries({ queryKey: adminKeys.all() });

  const empty = list.length === 0 && !pages.isLoading && !pages.isError;
  const [opened, setOpened] = useState<'create' | 'tags' | null>(null);
  const shown = opened ?? (empty && !filtered ? 'create' : null);
  const toggle = (part: 'create' | 'tags') => setOpened(shown === part ? null : part);
  const canTags = may('POST', '/api/admin/tags');
  const canCreate = may('POST', '/api/stories');
  const cards = (shownStories: Story[]) => (
    <div className="admin-story-grid">
      {shownStories.map((story) => (
        <AdminStoryCard
          key={story.id}
          story={story}
          selected={story.id === selectedId}
          onOpen={select}
          onDelete={onDelete}
        />
      ))}
    </div>
  );
  const refusal =
    pages.error instanceof ApiError && pages.error.status === 400 && pages.error.detail
      ? pages.error.detail
      : null;

  return (
    <div className={`admin-stories${selectedId ? ' admin-stories--with-panel' : ''}`}>
      {stories.isError ? <Alert tone="error">Failed to load stories</Alert> : null}
      {canTags || canCreate ? (
        <div className="admin-stories__tools">
          {canCreate ? (
            <Button
              variant="primary"
              size="sm"
              aria-expanded={shown === 'create'}
              aria-controls="admin-create"
              onClick={() => toggle('create')}
            >
              Create New Story
            </Button>
          ) : null}
          {canTags ? (
            <Button
              variant="secondary"
              size="sm"
              aria-expanded={shown === 'tags'}
              aria-controls="admin-tags"
              onClick={() => toggle('tags')}
            >
              Manage tags
            </Button>
          ) : null}
        </div>
      ) : null}
      {canTags && shown === 'tags' ? (
        <div id="admin-tags">
          <AdminTags token={token} />
        </div>
      ) : null}
      {canCreate && shown === 'create' ? (
        <section id="admin-create" className={surfaceClass('admin-create')} aria-labelledby="create-title">
          <SectionTitle id="create-title">Create New Story</SectionTitle>
          <CreateStoryForm
            headers={{ 'X-Admin-Code': token }}
            token={null}
            onCreated={() => void reload()}
            submitLabel="Create Story"
          />
        </section>
      ) : null}
      <StorySearch label="Search stories" query={(words) => adminStorySearchQuery(token, words)}>
        {(foundStories) => <SearchResults stories={foundStories} onShown={setSearched} render={cards} />}
      </StorySearch>
      <StoryFilterForm key={params.toString()} filters={filters} onApply={apply} />
      {filtered && found.isError ? (
        <Alert tone="error">{refusal ?? 'The stories could not be loaded.'}</Alert>
      ) : null}
      {empty ? (
        filtered ? (
          <EmptyNote>
            {filters.state === 'hidden' && !filters.creator && !filters.rating
              ? 'No story is hidden.'
              : 'No stories match these filters.'}
          </EmptyNote>
        ) : (
          <EmptyNote as="div">
            <p>No stories found</p>
            <p className="text-muted">Create your first story above</p>
          </EmptyNote>
        )
      ) : (
        cards(list)
      )}
      <LoadMore pages={pages} />
      <StoryPanel
        token={token}
        open={selectedId !== null}
        story={selected}
        loading={!listed && single.isPending}
        failed={!listed && single.isError}
        onClose={() => select(null)}
        onDelete={onDelete}
      />
      {removal.dialog}
    </div>
  );
}

/** The search's cards, remembered so that a found story opens in the panel like a listed one. */
function SearchResults({
  stories,
  onShown,
  render,
}: {
  stories: Story[];
  onShown(stories: Story[]): void;
  render(stories: Story[]): ReactNode;
}) {
  useEffect(() => onShown(stories), [stories, onShown]);
  return render(stories);
}

function StoryFilterForm({ filters, onApply }: { filters: StoryFilters; onApply(next: StoryFilters): void }) {
  const [creator, setCreator] = useState(filters.creator ?? '');
  const [rating, setRating] = useState<string>(filters.rating ?? '');
  const [state, setState] = useState<string>(filters.state ?? 'published');
  return (
    <FilterForm
      label="Filter stories"
      submitLabel="Filter"
      onApply={() =>
        onApply({
          creator: creator.trim().replace(/^@/, '') || undefined,
          rating: isRating(rating) ? rating : undefined,
          state: state === 'hidden' ? 'hidden' : undefined,
        })
      }
    >
      <Field
        label="Creator"
        placeholder="Pen name or handle"
        autoComplete="off"
        value={creator}
        onChange={(event) => setCreator(event.target.value)}
      />
      <SelectField label="Rating" value={rating} onChange={(event) => setRating(event.target.value)}>
        <option value="">Any</option>
        {STORY_RATINGS.map((r) => (
          <option key={r.id} value={r.id}>
            {r.label}
          </option>
        ))}
      </SelectField>
      <SelectField label="State" value={state} onChange={(event) => setState(event.target.value)}>
        <option value="published">Published</option>
        <option value="hidden">Hidden by a moderator</option>
      </SelectField>
    </FilterForm>
  );
}
