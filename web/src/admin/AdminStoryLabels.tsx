import type { Story } from '@nocturne/domain';
import { warningLabels } from '@nocturne/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../api/client';
import { LabelsPicker } from '../labels/LabelsPicker';
import { curatedTagsQuery } from '../labels/label-queries';
import type { Labels } from '../labels/labels-picker';
import { storyKeys } from '../stories/story-queries';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { changeStoryLabels } from './admin-api';
import { adminKeys } from './admin-queries';
import './AdminStoryLabels.css';

/** A published story's tags and warnings on the admin card, and their edit (StoryLabelsChanged). */
export function AdminStoryLabels({ story, token }: { story: Story; token: string }) {
  const queryClient = useQueryClient();
  const curated = useQuery(curatedTagsQuery());
  const [draft, setDraft] = useState<Labels | null>(null);
  const save = useMutation({
    mutationFn: (labels: Labels) => changeStoryLabels(token, story.id, labels),
    onSuccess: async () => {
      setDraft(null);
      await queryClient.invalidateQueries({ queryKey: adminKeys.all() });
      void queryClient.invalidateQueries({ queryKey: storyKeys.lists() });
    },
  });

  if (!draft) {
    const warnings = warningLabels(story.warnings);
    return (
      <>
        <p className="admin-story__labels">
          Tags: {story.tags.length > 0 ? story.tags.join(', ') : 'none'}
          <br />
          Warnings: {warnings.length > 0 ? warnings.join(', ') : 'none'}
        </p>
        <Button
          size="sm"
          variant="secondary"
          aria-label={`Edit labels of story ${story.id}`}
          onClick={() => {
            save.reset();
            setDraft({ tags: story.tags, warnings: story.warnings });
          }}
        >
          Edit labels
        </Button>
      </>
    );
  }
  return (
    <form
      className="admin-story__edit"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(draft);
      }}
    >
      <LabelsPicker curated={curated.data} value={draft} onChange={setDraft} />
      {save.isError ? (
        <Alert tone="error">
          {save.error instanceof ApiError && save.error.detail ? save.error.detail : 'Failed to save labels'}
        </Alert>
      ) : null}
      <div className="admin-story__actions">
        <Button type="submit" size="sm" variant="primary" loading={save.isPending}>
          Save labels
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setDraft(null)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
