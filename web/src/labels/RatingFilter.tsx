import { STORY_RATINGS, type StoryRatingId } from '@nocturne/domain';
import './LabelsPicker.css';
import './TagFilter.css';

export interface RatingFilterProps {
  /** The chosen rating, or null for every rating. */
  value: StoryRatingId | null;
  onChange(rating: StoryRatingId | null): void;
}

/** Toggle buttons over a story list: every rating, or one (the list asks the server with ?rating=). */
export function RatingFilter({ value, onChange }: RatingFilterProps) {
  const option = (rating: StoryRatingId | null, label: string) => (
    <button
      key={label}
      type="button"
      className="label-chip tag-filter__option"
      aria-pressed={value === rating}
      onClick={() => onChange(rating)}
    >
      {label}
    </button>
  );
  return (
    <fieldset className="tag-filter">
      <legend className="visually-hidden">Filter by rating</legend>
      {option(null, 'Every rating')}
      {STORY_RATINGS.map((rating) => option(rating.id, rating.label))}
    </fieldset>
  );
}
