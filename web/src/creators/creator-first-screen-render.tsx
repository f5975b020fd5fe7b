import type { CreatorProfile, Story } from '@nocturne/domain';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { StoryGrid } from '../stories/StoryGrid';
import { BackLink } from '../ui/BackLink';
import { CreatorHeader } from './CreatorHeader';
import { CREATOR_FIRST_SCREEN_ID } from './creator-first-screen';
import { VisitorFollowLink } from './FollowButton';

/**
 * The creator page's first screen as a visitor sees it (./CreatorPage.tsx, with no session):
 * the way back, the header and the first story card, from the query API's answers to a visitor
 * (GET /api/creators/{handle} and the first page of GET /api/stories?creator={handle}), so a
 * premium card is locked and an Explicit one drawn exactly as that answer allows. The server
 * writes it into the page's HTML (infra/src/system/creator-first-screen.ts; built for it by
 * web/build/server-renders.ts): the card's image is found by the browser's preload scanner and the
 * card painted with the page's first stylesheets. One card only: the others' images would share
 * the first one's bandwidth. Hidden from assistive technology and out of the focus order, as
 * the app's page, drawn beneath it, is the one they read, until the page takes it away.
 */
export function creatorFirstScreenRender(creator: CreatorProfile, stories: Story[]): string {
  return renderToStaticMarkup(
    <MemoryRouter>
      <div id={CREATOR_FIRST_SCREEN_ID} className="creator-first-screen" aria-hidden="true" inert>
        <div className="page creator-page">
          <main className="container creator">
            <BackLink to="/" className="creator__back">
              Back to Stories
            </BackLink>
            <CreatorHeader creator={creator} follow={<VisitorFollowLink />} />
            <section className="creator__stories">
              <h2 className="creator__stories-title">Stories</h2>
              <StoryGrid
                stories={stories.slice(0, 1)}
                loading={false}
                failed={false}
                loggedIn={false}
                premiumMember={false}
                from="landing"
                empty="No stories yet."
                label={`Stories by ${creator.penName}`}
              />
            </section>
          </main>
        </div>
      </div>
    </MemoryRouter>,
  );
}
