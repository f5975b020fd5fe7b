import { ratingLabel, type Story, type StoryRatingId } from '@nocturne/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ApiError } from '../api/client';
import { RatingPicker } from '../labels/RatingPicker';
import { storyKeys } from '../stories/story-queries';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { controlClass, FieldLabel } from '../ui/Field';
import { adminKeys } from './admin-queries';
import { changeRating } from './moderation-api';
import './AdminStoryLabels.css';

/**
 * A story's rating on the admin card, and a moderator's change of it with a stated reason: kept
 * in the moderation trail and sent to the publishing account.
 */
export function AdminStoryRating({ story, token }: { story: Story; token: string }) {
  const queryClient = useQueryClient();
  const reasonId = useId();
  const [rating, setRating] = useState<StoryRatingId | null>(null);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (to: StoryRatingId) => changeRating(token, story.id, to, reason),
    onSuccess: async () => {
      setRating(null);
      setReason('');
      await queryClient.invalidateQueries({ queryKey: adminKeys.all() });
      void queryClient.invalidateQueries({ queryKey: storyKeys.lists() });
    },
  });

  if (rating === null) {
    return (
      <>
        <p className="admin-story__labels">Rating: {ratingLabel(story.rating)}</p>
        <Button
          size="sm"
          variant="secondary"
          aria-label={`Change the rating of story ${story.id}`}
          onClick={() => {
            save.reset();
            setProblem(null);
            setRating(story.rating);
          }}
        >
          Change rating
        </Button>
      </>
    );
  }
  return (
    <form
      className="admin-story__edit"
      onSubmit={(event) => {
        event.preventDefault();
        if (reason.trim() === '') return setProblem('Please state the reason for this decision');
        setProblem(null);
        save.mutate(rating);
      }}
    >
      <RatingPicker value={rating} onChange={setRating} />
      <FieldLabel htmlFor={reasonId}>Reason (sent to the publishing account)</FieldLabel>
      <textarea
        id={reasonId}
        className={controlClass()}
        rows={2}
        maxLength={2000}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      {save.isError ? (
        <Alert tone="error">
          {save.error instanceof ApiError && save.error.detail
            ? save.error.detail
            : 'Failed to change the rating'}
        </Alert>
      ) : null}
      <div className="admin-story__actions">
        <Button type="submit" size="sm" variant="primary" loading={save.isPending}>
          Save rating
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setRating(null)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
