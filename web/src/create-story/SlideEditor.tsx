import { countWords, MAX_ALT_CHARS, MAX_WORDS } from '@nocturne/domain';
import { useEffect, useId, useState } from 'react';
import { Button } from '../ui/Button';
import { DropZone } from '../ui/DropZone';
import { FieldLabel } from '../ui/Field';
import { CloseIcon, ImageIcon } from '../ui/icons';
import type { DraftSlide } from './story-form-rules';
import './SlideEditor.css';

export interface SlideEditorProps {
  index: number;
  slide: DraftSlide;
  canRemove: boolean;
  onChange(slide: DraftSlide): void;
  onRemove(): void;
}

/**
 * One slide of the form: an image drop zone with a preview, its text with n/500, and its image's
 * description for readers who cannot see it (the reader's alt text; without one, readers hear
 * the text's first sentence).
 */
export function SlideEditor({ index, slide, canRemove, onChange, onRemove }: SlideEditorProps) {
  const id = useId();
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const words = countWords(slide.text);

  useEffect(() => {
    if (!slide.file) {
      setPreviewUrl(null);
      return;
    }
    const url = URL.createObjectURL(slide.file);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [slide.file]);

  return (
    <fieldset className="slide-editor">
      <legend className="slide-editor__legend">Slide {index + 1}</legend>
      {canRemove ? (
        <Button
          variant="ghost"
          size="sm"
          className="slide-editor__remove"
          onClick={onRemove}
          aria-label={`Remove slide ${index + 1}`}
        >
          <CloseIcon />
        </Button>
      ) : null}
      <div className="slide-editor__body">
        <DropZone
          label={`Image for slide ${index + 1}`}
          accept="image/*"
          className="slide-editor__image"
          onFiles={([file]) => onChange({ ...slide, file: file ?? null })}
        >
          {previewUrl ? (
            <img src={previewUrl} alt={`Your choice for slide ${index + 1}`} />
          ) : slide.kept ? (
            <img src={slide.kept.src} alt={`Saved for slide ${index + 1}`} />
          ) : (
            <span className="slide-editor__placeholder">
              <ImageIcon />
              Drop an image or choose one
            </span>
          )}
        </DropZone>
        <div className="field slide-editor__text">
          <FieldLabel htmlFor={`${id}-text`}>Text for slide {index + 1}</FieldLabel>
          <textarea
            id={`${id}-text`}
            className="textarea"
            rows={5}
            value={slide.text}
            aria-invalid={words > MAX_WORDS}
            aria-describedby={`${id}-count`}
            onChange={(event) => onChange({ ...slide, text: event.target.value })}
          />
          <span
            id={`${id}-count`}
            className={`field__hint slide-editor__count${words > MAX_WORDS ? ' slide-editor__count--over' : ''}`}
          >
            {words}/{MAX_WORDS}
          </span>
        </div>
        <div className="field slide-editor__alt">
          <FieldLabel htmlFor={`${id}-alt`}>Image description for slide {index + 1}</FieldLabel>
          <textarea
            id={`${id}-alt`}
            className="textarea"
            rows={2}
            maxLength={MAX_ALT_CHARS}
            value={slide.alt}
            aria-describedby={`${id}-alt-hint`}
            onChange={(event) => onChange({ ...slide, alt: event.target.value })}
          />
          <span id={`${id}-alt-hint`} className="field__hint">
            Describe what the image shows for readers who cannot see it. Optional: without it, screen readers
            read the slide's first sentence. {slide.alt.length}/{MAX_ALT_CHARS}
          </span>
        </div>
      </div>
    </fieldset>
  );
}
