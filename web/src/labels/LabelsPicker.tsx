import { CONTENT_WARNINGS, MAX_STORY_TAGS } from '@nocturne/domain';
import type { Labels } from './labels-picker';
import { offeredTags, toggleTag, toggleWarning } from './labels-picker';
import './LabelsPicker.css';

export interface LabelsPickerProps {
  /** The curated tags (undefined while they load). */
  curated: readonly string[] | undefined;
  value: Labels;
  onChange(labels: Labels): void;
}

/**
 * Tags from the curated list (up to 8) and content warnings from the fixed list, as checkboxes:
 * the creation form and the admin's edit of a published story.
 */
export function LabelsPicker({ curated, value, onChange }: LabelsPickerProps) {
  const tags = offeredTags(curated ?? [], value.tags);
  const full = value.tags.length >= MAX_STORY_TAGS;
  return (
    <div className="labels-picker">
      <fieldset className="labels-picker__group">
        <legend className="labels-picker__legend">
          Tags{' '}
          <span className="text-muted">
            ({value.tags.length} of {MAX_STORY_TAGS})
          </span>
        </legend>
        {curated === undefined ? <p className="text-muted">Loading tags…</p> : null}
        {curated !== undefined && tags.length === 0 ? (
          <p className="text-muted">No tags to choose from yet.</p>
        ) : null}
        <div className="labels-picker__options">
          {tags.map((tag) => {
            const checked = value.tags.includes(tag);
            return (
              <label key={tag} className="label-chip">
                <input
                  type="checkbox"
                  checked={checked}
                  disabled={!checked && full}
                  onChange={() => onChange(toggleTag(value, tag))}
                />
                <span>{tag}</span>
              </label>
            );
          })}
        </div>
      </fieldset>
      <fieldset className="labels-picker__group">
        <legend className="labels-picker__legend">Content warnings</legend>
        <div className="labels-picker__options">
          {CONTENT_WARNINGS.map((warning) => (
            <label key={warning.id} className="label-chip label-chip--warning">
              <input
                type="checkbox"
                checked={value.warnings.includes(warning.id)}
                onChange={() => onChange(toggleWarning(value, warning.id))}
              />
              <span>{warning.label}</span>
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
