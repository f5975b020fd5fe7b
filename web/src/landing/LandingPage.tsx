import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useAuth } from '../auth/auth-context';
import { curatedTagsQuery } from '../labels/label-queries';
import { TagFilter } from '../labels/TagFilter';
import { InfoDialogs } from '../layout/InfoDialogs';
import type { InfoDialogName } from '../layout/info-dialog-name';
import { SiteFooter } from '../layout/SiteFooter';
import { SiteHeader } from '../layout/SiteHeader';
import { StoryGrid } from '../stories/StoryGrid';
import { storiesOf, storyListQuery } from '../stories/story-queries';
import { buttonClass } from '../ui/Button';
import { ArrowRightIcon } from '../ui/icons';
import { SkipLink } from '../ui/SkipLink';
import { LazyFeatures } from './LazyFeatures';
import { PremiumMembersLine } from './PremiumMembersLine';
import './LandingPage.css';

/** The landing shows a preview of 5 stories. */
export const LANDING_PREVIEW_COUNT = 5;

/** The landing page `/`. */
export default function LandingPage() {
  const { user, token, loading } = useAuth();
  const [tag, setTag] = useState<string | null>(null);
  const viewer = { token, premiumMember: user?.is_subscribed ?? false };
  const stories = useQuery(storyListQuery(viewer, LANDING_PREVIEW_COUNT, tag));
  const tags = useQuery(curatedTagsQuery());
  const [dialog, setDialog] = useState<InfoDialogName | null>(null);
  // While the start-up session check runs, a stored token counts as logged in (no flash of visitor CTAs).
  const loggedIn = loading ? Boolean(token) : Boolean(user);

  return (
    <div className="page landing">
      <SkipLink />
      <SiteHeader
        onOpenDialog={setDialog}
        onRefresh={() => void stories.refetch()}
        refreshing={stories.isFetching}
      />
      <div className="site-header-spacer" />
      <main id="main">
        <section className="hero container" aria-labelledby="hero-title">
          <p className="eyebrow">Illustrated stories for adults</p>
          <h1 id="hero-title" className="hero__title">
            Stories that come alive <em>after dark</em>
          </h1>
          <p className="hero__lead">
            Slow-burn romance, dark fantasy and sensual drama, told slide by slide: original writing paired
            with rich AI illustration. No performers, no ads, nothing to install.
          </p>
          <div className="hero__actions">
            {loggedIn ? (
              <Link to="/profile" className={buttonClass('primary', 'lg')}>
                Open my library
                <ArrowRightIcon />
              </Link>
            ) : (
              <Link to="/auth/signup" className={buttonClass('primary', 'lg')}>
                Start reading free
                <ArrowRightIcon />
              </Link>
            )}
            <a href="#stories" className={buttonClass('secondary', 'lg')}>
              Browse stories
            </a>
          </div>
        </section>

        <section id="stories" className="landing-stories container" aria-labelledby="stories-title">
          <div className="section-head">
            <div>
              <p className="eyebrow">Fresh tonight</p>
              <h2 id="stories-title">Latest stories</h2>
            </div>
            <p className="section-head__note">
              Tap a story to start reading. Premium stories are marked in gold.
            </p>
          </div>
          <TagFilter tags={tags.data} value={tag} onChange={setTag} />
          <StoryGrid
            label="Latest stories"
            stories={storiesOf(stories.data)}
            loading={stories.isPending}
            failed={stories.isError}
            loggedIn={loggedIn}
            premiumMember={user?.is_subscribed ?? false}
            from="landing"
            skeletons={LANDING_PREVIEW_COUNT}
          />
          <div className="landing-cta">
            {loggedIn ? (
              <Link to="/profile" className={buttonClass('primary', 'lg')}>
                View All Stories
              </Link>
            ) : (
              <Link to="/auth/signup" className={buttonClass('primary', 'lg')}>
                Load More Stories
              </Link>
            )}
            <PremiumMembersLine />
          </div>
        </section>

        <LazyFeatures />
      </main>
      <SiteFooter onOpenDialog={setDialog} />
      <InfoDialogs open={dialog} onClose={() => setDialog(null)} />
    </div>
  );
}
