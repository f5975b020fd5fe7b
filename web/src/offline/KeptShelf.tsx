import { Link } from 'react-router-dom';
import type { StoryLinkState } from '../stories/story';
import { storyPreview } from '../stories/story';
import { Button } from '../ui/Button';
import { EmptyNote } from '../ui/EmptyNote';
import {
  useKeptAccount,
  useKeptStories,
  useOfflineSync,
  useRemoveAllKept,
  useStorageEstimate,
} from './use-kept';
import './KeptShelf.css';

const MB = 1024 * 1024;
const sizeOf = (bytes: number) =>
  bytes < MB ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / MB).toFixed(1)} MB`;

/**
 * "Kept offline" on the profile: the stories this reader keeps on this device (each opens in the
 * reader with or without a connection), the space they and the app take, and a way to free it;
 * shown once something is kept, or while offline. Mounting it runs the sync that sends actions
 * made offline and removes what was taken down.
 */
export function KeptShelf() {
  useOfflineSync();
  const account = useKeptAccount();
  const kept = useKeptStories();
  const removeAll = useRemoveAllKept();
  const estimate = useStorageEstimate(kept.data?.length);
  if (account === null) return null; // this browser keeps nothing (no Cache Storage)
  // Online with nothing kept, the shelf would only push the library below a phone's fold: the
  // way to keep a story is at its end. Offline, it says where the kept stories would be.
  const nothingKept = kept.isPending || (kept.isSuccess && kept.data.length === 0);
  if (nothingKept && navigator.onLine) return null;
  const keptBytes = kept.data?.reduce((sum, k) => sum + k.bytes, 0) ?? 0;
  const used = estimate.data?.usage;
  return (
    <section className="kept-shelf" aria-labelledby="kept-title">
      <h2 id="kept-title" className="kept-shelf__title">
        Kept offline
      </h2>
      {kept.isPending ? null : kept.isError ? (
        <EmptyNote>The stories kept on this device could not be read.</EmptyNote>
      ) : kept.data.length === 0 ? (
        <EmptyNote>
          Keep a story offline from the end of the story, and read it here without a connection.
        </EmptyNote>
      ) : (
        <>
          <ul className="kept-shelf__list">
            {kept.data.map(({ story, bytes }) => (
              <li key={story.id} className="kept-shelf__item">
                <Link
                  to={`/story/${encodeURIComponent(story.id)}`}
                  state={{ from: 'profile' } satisfies StoryLinkState}
                  className="kept-shelf__link"
                >
                  {storyPreview(story.texts[0]) || 'Untitled story'}
                </Link>
                <span className="kept-shelf__meta">
                  by {story.creator.name} · {story.images.length} slides · {sizeOf(bytes)}
                </span>
              </li>
            ))}
          </ul>
          <p className="kept-shelf__space" data-testid="kept-space">
            Kept stories use {sizeOf(keptBytes)} on this device
            {used !== undefined ? ` (Nocturne in all: ${sizeOf(used)})` : ''}.
          </p>
          <Button variant="secondary" onClick={() => removeAll.mutate()} disabled={removeAll.isPending}>
            Remove offline copies
          </Button>
        </>
      )}
    </section>
  );
}

export default KeptShelf;
