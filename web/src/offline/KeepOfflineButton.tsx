import type { Story } from '@nocturne/domain';
import { Button } from '../ui/Button';
import { mayKeep } from './kept-stories';
import { useKeepStory, useKeptAccount, useKeptStories } from './use-kept';

/**
 * "Keep offline" on a story the reader has open: its answer and slides go to this device for
 * this account; pressed again, they are removed. Shown only to a signed-in reader, and only for
 * an answer the server gave in full (./kept-stories.ts, `mayKeep`).
 */
export function KeepOfflineButton({ story }: { story: Story }) {
  const account = useKeptAccount();
  const kept = useKeptStories();
  const toggle = useKeepStory(story);
  if (account === null || !mayKeep(story)) return null;
  const isKept = kept.data?.some((k) => k.story.id === story.id) ?? false;
  return (
    <>
      <Button
        variant="secondary"
        size="lg"
        aria-pressed={isKept}
        disabled={toggle.isPending || kept.isPending}
        onClick={() => toggle.mutate(!isKept)}
      >
        {toggle.isPending ? (isKept ? 'Removing…' : 'Keeping…') : isKept ? 'Kept offline' : 'Keep offline'}
      </Button>
      <span className="visually-hidden" role="status">
        {toggle.isError
          ? 'Could not keep this story offline. Please try again.'
          : toggle.isSuccess
            ? isKept
              ? 'Kept on this device for reading offline'
              : 'Removed from this device'
            : ''}
      </span>
    </>
  );
}
