import './LabelsPicker.css';
import './TagFilter.css';

export interface TagFilterProps {
  /** The curated tags: while they load, an empty row holds their place; with none, nothing. */
  tags: readonly string[] | undefined;
  /** The chosen tag, or null for every story. */
  value: string | null;
  onChange(tag: string | null): void;
}

/**
 * Toggle buttons over a story list: All, or one curated tag (the list asks the server with ?tag=).
 * One row, scrolled sideways when the tags outrun the width, so it is one chip high whatever the
 * tags are.
 */
export function TagFilter({ tags, value, onChange }: TagFilterProps) {
  // The list below is often drawn before the tags come: the row it keeps means they don't push it down.
  if (!tags) return <div className="tag-filter" />;
  if (tags.length === 0) return null;
  const option = (tag: string | null, label: string) => (
    <button
      key={label}
      type="button"
      className="label-chip tag-filter__option"
      aria-pressed={value === tag}
      onClick={() => onChange(tag)}
    >
      {label}
    </button>
  );
  return (
    <fieldset className="tag-filter">
      <legend className="visually-hidden">Filter by tag</legend>
      {option(null, 'All')}
      {tags.map((tag) => option(tag, tag))}
    </fieldset>
  );
}
