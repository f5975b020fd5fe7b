import { type DragEvent, type ReactNode, useId, useState } from 'react';
import './DropZone.css';

export interface DropZoneProps {
  /** What the zone asks for ("Drop images here or choose them"); the file input is named by it. */
  label: string;
  /** A MIME pattern such as "image/*"; dropped files of another type are left out. */
  accept?: string;
  multiple?: boolean;
  onFiles(files: File[]): void;
  /** What the zone shows (a preview, an icon); the label when absent. */
  children?: ReactNode;
  className?: string;
}

/** Whether a file's type matches an accept list such as "image/*,application/pdf". */
export function accepts(accept: string | undefined, file: File): boolean {
  if (!accept) return true;
  return accept
    .split(',')
    .map((part) => part.trim())
    .some((pattern) =>
      pattern.endsWith('/*') ? file.type.startsWith(pattern.slice(0, -1)) : file.type === pattern,
    );
}

/**
 * A file input that also takes files dropped on it: the whole zone is its label, so a click or
 * Enter on the focused input opens the browser's picker, and a drag over it is shown.
 */
export function DropZone({ label, accept, multiple = false, onFiles, children, className }: DropZoneProps) {
  const id = useId();
  const [over, setOver] = useState(false);
  const take = (list: FileList | null) => {
    const files = Array.from(list ?? []).filter((file) => accepts(accept, file));
    if (files.length > 0) onFiles(multiple ? files : files.slice(0, 1));
  };
  const onDrag = (event: DragEvent) => {
    event.preventDefault();
    setOver(event.type !== 'dragleave');
  };
  return (
    <label
      htmlFor={id}
      className={['drop-zone', over ? 'drop-zone--over' : '', className ?? ''].filter(Boolean).join(' ')}
      onDragEnter={onDrag}
      onDragOver={onDrag}
      onDragLeave={onDrag}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        take(event.dataTransfer.files);
      }}
    >
      {children ?? <span className="drop-zone__label">{label}</span>}
      <input
        id={id}
        className="drop-zone__input"
        type="file"
        accept={accept}
        multiple={multiple}
        aria-label={label}
        onChange={(event) => {
          take(event.target.files);
          event.target.value = ''; // the same file chosen again is a new choice
        }}
      />
    </label>
  );
}
