import { buttonClass } from './Button';
import { RefreshIcon } from './icons';
import './RefreshButton.css';

/** The icon button that reloads the stories shown; busy, its arrows turning, while they reload. */
export function RefreshButton({ refreshing, onRefresh }: { refreshing: boolean; onRefresh(): void }) {
  return (
    <button
      type="button"
      className={buttonClass('ghost', 'md', { icon: true, className: 'refresh-button' })}
      onClick={onRefresh}
      aria-label="Refresh stories"
      aria-busy={refreshing || undefined}
      title="Refresh stories"
    >
      <RefreshIcon className={refreshing ? 'is-spinning' : undefined} />
    </button>
  );
}
