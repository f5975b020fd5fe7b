import { premiumOpeningPrompt } from '@nocturne/domain';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';

interface Props {
  /** The reader's premium stories remaining (the N of "1 of your N"). */
  remaining: number;
  onOpen(): void;
  /** "Not now", Escape or the close button: nothing is spent. */
  onNotNow(): void;
}

/**
 * Asked before a premium story is opened for the first time: opening it spends one
 * of the reader's premium stories, so the request waits for "Open".
 */
export function PremiumOpeningPrompt({ remaining, onOpen, onNotNow }: Props) {
  return (
    <div className="page reader-loading">
      <Dialog
        open
        onClose={onNotNow}
        title="Open this premium story?"
        footer={
          <>
            <Button variant="ghost" onClick={onNotNow}>
              Not now
            </Button>
            <Button variant="primary" onClick={onOpen}>
              Open
            </Button>
          </>
        }
      >
        <p>{premiumOpeningPrompt(remaining)}</p>
      </Dialog>
    </div>
  );
}
