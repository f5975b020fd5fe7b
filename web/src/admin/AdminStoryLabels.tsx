import type { Story } from '@nocturne/domain';
import { warningLabels } from '@nocturne/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LabelsPicker } from '../labels/LabelsPicker';
import { curatedTagsQuery } from '../labels/label-queries';
import type { Labels } from '../labels/labels-picker';
import { storyKeys } from '../stories/story-queries';
import { Button } from '../ui/Button';
import { changeStoryLabels } from './admin-api';
import { adminKeys } from './admin-queries';
import { ReasonForm } from './ReasonForm';
import './AdminStoryLabels.css';

/** A published story's tags and warnings on the admin card, and their edit (StoryLabelsChanged). */
export function AdminStoryLabels({ story, token, name }: { story: Story; token: string; name: string }) {
  const queryClient = useQueryClient();
  const curated = useQuery(curatedTagsQuery());
  const [draft, setDraft] = useState<Labels | null>(null);

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
          aria-label={`Edit labels of ${name}`}
          onClick={() => setDraft({ tags: story.tags, warnings: story.warnings })}
        >
          Edit labels
        </Button>
      </>
    );
  }
  return (
    <ReasonForm
      actions={[{ id: 'save', label: 'Save labels' }]}
      failure="Failed to save labels"
      onCancel={() => setDraft(null)}
      onDecide={async () => {
        await changeStoryLabels(token, story.id, draft);
        setDraft(null);
        await queryClient.invalidateQueries({ queryKey: adminKeys.all() });
        void queryClient.invalidateQueries({ queryKey: storyKeys.lists() });
      }}
    >
      <LabelsPicker curated={curated.data} value={draft} onChange={setDraft} />
    </ReasonForm>
  );
}
