import type { Story } from '@nocturne/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from '../ui/Button';
import { keepAll } from './sync-kept';
import { keptKeys, useKeptAccount } from './use-kept';
import './KeptShelf.css';

/**
 * "Keep all saved offline" above the Saved shelf: every saved story the reader may read in full
 * is kept on this device (./sync-kept.ts, `keepAll`: a premium story only if already unlocked,
 * never spending one). The result is announced.
 */
export function KeepAllSaved({ stories }: { stories: readonly Story[] }) {
  const account = useKeptAccount();
  const queryClient = useQueryClient();
  const keep = useMutation({
    mutationFn: () => keepAll(account ?? '', stories),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keptKeys.all() }),
  });
  if (account === null || stories.length === 0) return null;
  return (
    <div className="keep-all">
      <Button variant="secondary" onClick={() => keep.mutate()} disabled={keep.isPending}>
        {keep.isPending ? 'Keeping…' : 'Keep all saved offline'}
      </Button>
      <p className="keep-all__result" role="status">
        {keep.isError
          ? 'Could not keep the saved stories offline. Please try again.'
          : keep.data
            ? `${keep.data.kept} kept offline${keep.data.notKept > 0 ? `, ${keep.data.notKept} not available to keep (premium not unlocked, or no longer available)` : ''}.`
            : ''}
      </p>
    </div>
  );
}
