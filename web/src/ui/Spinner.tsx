import './Spinner.css';

export interface SpinnerProps {
  /** Announced to screen readers and shown next to the ring (unless `inline`). */
  label?: string;
  size?: 'md' | 'lg';
  /** Centred in its own block with vertical room (for a whole list or page loading). */
  block?: boolean;
  /** Only the ring, for use inside a button that already says what is happening. */
  inline?: boolean;
}

/** The loading indicator. Motion slows right down under prefers-reduced-motion. */
export function Spinner({ label = 'Loading…', size = 'md', block, inline }: SpinnerProps) {
  if (inline) return <span className="spinner__ring" aria-hidden="true" />;
  return (
    <div
      className={['spinner', size === 'lg' ? 'spinner--lg' : '', block ? 'spinner--block' : '']
        .filter(Boolean)
        .join(' ')}
      role="status"
    >
      <span className="spinner__ring" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
