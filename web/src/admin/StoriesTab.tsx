import { type InfiniteData, type UseInfiniteQueryResult, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CreateStoryForm } from '../create-story/CreateStoryForm';
import { StorySearch } from '../search/StorySearch';
import { storyKeys } from '../stories/story-queries';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { EmptyNote } from '../ui/EmptyNote';
import { LoadMore } from '../ui/LoadMore';
import { SectionTitle } from '../ui/SectionTitle';
import { surfaceClass } from '../ui/Surface';
import { AdminStoryCard } from './AdminStoryCard';
import { AdminTags } from './AdminTags';
import { useAdminAccess } from './admin-access';
import { type AdminStoriesPage, deleteStory } from './admin-api';
import { adminKeys, adminStorySearchQuery } from './admin-queries';
import './StoriesTab.css';

/**
 * The Stories tab: error banner, "Create New Story" and the tags behind their buttons (open
 * by themselves when there is no story yet), the search, the cards a page at a time. The list
 * comes first: it is what a day in the panel is spent on.
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
  const onDelete = may('DELETE', '/api/stories/:id') ? remove : undefined;
  const reload = () => queryClient.invalidateQueries({ queryKey: adminKeys.all() });

  async function remove(id: string) {
    if (!confirm('Are you sure you want to delete this story?')) return;
    try {
      const response = await deleteStory(token, id);
      if (response.ok) {
        alert('Story deleted successfully!');
        await reload();
        void queryClient.invalidateQueries({ queryKey: storyKeys.lists() });
      } else {
        alert('Failed to delete story');
      }
    } catch (error) {
      console.error('Deleting the story failed', error);
      alert('Error deleting story');
    }
  }

  const list = stories.data?.pages.flatMap((page) => page.stories) ?? [];
  const empty = list.length === 0 && !stories.isLoading;
  const [opened, setOpened] = useState<'create' | 'tags' | null>(null);
  const shown = opened ?? (empty ? 'create' : null);
  const toggle = (part: 'create' | 'tags') => setOpened(shown === part ? null : part);
  const canTags = may('POST', '/api/admin/tags');
  const canCreate = may('POST', '/api/stories');
  return (
    <div className="admin-stories">
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
        {(found) => (
          <div className="admin-story-grid">
            {found.map((story) => (
              <AdminStoryCard key={story.id} story={story} token={token} onDelete={onDelete} />
            ))}
          </div>
        )}
      </StorySearch>
      {empty ? (
        <EmptyNote as="div">
          <p>No stories found</p>
          <p className="text-muted">Create your first story above</p>
        </EmptyNote>
      ) : (
        <div className="admin-story-grid">
          {list.map((story) => (
            <AdminStoryCard key={story.id} story={story} token={token} onDelete={onDelete} />
          ))}
        </div>
      )}
      <LoadMore pages={stories} />
    </div>
  );
}
