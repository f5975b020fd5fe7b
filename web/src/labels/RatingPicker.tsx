import { STORY_RATINGS, type StoryRatingId } from '@nocturne/domain';
import './LabelsPicker.css';

export interface RatingPickerProps {
  value: StoryRatingId;
  onChange(rating: StoryRatingId): void;
}

/** What each rating means, as the creator chooses it. */
const ratingHints: Record<StoryRatingId, string> = {
  general: 'nothing sexual',
  mature: 'sexual themes, nothing explicit shown',
  explicit: 'explicit illustrations: shown only to readers whose age is assured',
};

/** The story's rating as radio chips: the creation form, drafts and revisions. */
export function RatingPicker({ value, onChange }: RatingPickerProps) {
  return (
    <fieldset className="labels-picker__group">
      <legend className="labels-picker__legend">Rating</legend>
      <div className="labels-picker__options">
        {STORY_RATINGS.map((rating) => (
          <label key={rating.id} className="label-chip" title={ratingHints[rating.id]}>
            <input
              type="radio"
              name="rating"
              value={rating.id}
              checked={value === rating.id}
              onChange={() => onChange(rating.id)}
            />
            <span>{rating.label}</span>
          </label>
        ))}
      </div>
      <p className="text-muted">
        {STORY_RATINGS.find((r) => r.id === value)?.label}: {ratingHints[value]}.
      </p>
    </fieldset>
  );
}
