import { ratingLabel, type Story, type StoryRatingId } from '@nocturne/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { RatingPicker } from '../labels/RatingPicker';
import { storyKeys } from '../stories/story-queries';
import { Button } from '../ui/Button';
import { adminKeys } from './admin-queries';
import { changeRating } from './moderation-api';
import { ReasonForm } from './ReasonForm';
import './AdminStoryLabels.css';

/**
 * A story's rating on the admin card, and a moderator's change of it with a stated reason: kept
 * in the moderation trail and sent to the publishing account.
 */
export function AdminStoryRating({ story, token, name }: { story: Story; token: string; name: string }) {
  const queryClient = useQueryClient();
  const [rating, setRating] = useState<StoryRatingId | null>(null);

  if (rating === null) {
    return (
      <>
        <p className="admin-story__labels">Rating: {ratingLabel(story.rating)}</p>
        <Button
          size="sm"
          variant="secondary"
          aria-label={`Change the rating of ${name}`}
          onClick={() => setRating(story.rating)}
        >
          Change rating
        </Button>
      </>
    );
  }
  return (
    <ReasonForm
      reasonLabel="Reason (sent to the publishing account)"
      actions={[{ id: 'save', label: 'Save rating' }]}
      failure="Failed to change the rating"
      onCancel={() => setRating(null)}
      onDecide={async (_action, reason) => {
        await changeRating(token, story.id, rating, reason);
        setRating(null);
        await queryClient.invalidateQueries({ queryKey: adminKeys.all() });
        void queryClient.invalidateQueries({ queryKey: storyKeys.lists() });
      }}
    >
      <RatingPicker value={rating} onChange={setRating} />
    </ReasonForm>
  );
}
