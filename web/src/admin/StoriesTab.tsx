import { type InfiniteData, type UseInfiniteQueryResult, useQueryClient } from '@tanstack/react-query';
import { CreateStoryForm } from '../create-story/CreateStoryForm';
import { StorySearch } from '../search/StorySearch';
import { storyKeys } from '../stories/story-queries';
import { Alert } from '../ui/Alert';
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

/** The Stories tab: error banner, "Create New Story", the cards a page at a time. */
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
  return (
    <div className="admin-stories">
      {stories.isError ? <Alert tone="error">Failed to load stories</Alert> : null}
      {may('POST', '/api/admin/tags') ? <AdminTags token={token} /> : null}
      {may('POST', '/api/stories') ? (
        <section className={surfaceClass('admin-create')} aria-labelledby="create-title">
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
      {list.length === 0 && !stories.isLoading ? (
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
