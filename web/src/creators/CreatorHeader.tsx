import type { CreatorProfile } from '@nocturne/domain';
import type { ReactNode } from 'react';
import { surfaceClass } from '../ui/Surface';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The creator page's header: initial, pen name, story and follower counts, and `follow`. Drawn
 * by the page (./CreatorPage.tsx) and by the server in the page's early first screen
 * (./creator-first-screen-render.tsx): the same boxes, so one replaces the other in place.
 */
export function CreatorHeader({ creator, follow }: { creator: CreatorProfile; follow: ReactNode }) {
  return (
    <header className={surfaceClass('creator__header')}>
      <span className="creator__avatar" aria-hidden="true">
        {creator.penName.charAt(0).toUpperCase()}
      </span>
      <div className="creator__who">
        <h1 className="creator__name">{creator.penName}</h1>
        <p className="creator__counts text-muted">
          <span data-testid="creator-stories">{count(creator.stories, 'story', 'stories')}</span>
          {' · '}
          <span data-testid="creator-followers">{count(creator.followers, 'follower', 'followers')}</span>
        </p>
      </div>
      {follow}
    </header>
  );
}
