import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { GlassHeader } from '../layout/GlassHeader';
import { Badge } from '../ui/Badge';
import { Button, buttonClass } from '../ui/Button';
import { RefreshIcon } from '../ui/icons';
import { BellIcon, CrownIcon, SettingsIcon, SparkleIcon } from '../ui/page-icons';
import { PROFILE_FIRST_SCREEN_ID } from './profile-first-screen';

/** Cards drawn early: a phone's first row of Continue reading (the app's grid has 2 columns there). */
const EARLY_CARDS = 2;

/**
 * The top of the profile with empty slots (`data-slot`), as the profile draws it
 * (./ProfilePage.tsx, ./ContinueReading.tsx, web/src/stories/StoryCard.tsx: the same classes in the
 * same boxes): the bar, the account card and the first row of Continue reading's images. The build
 * writes it into the profile page's HTML (web/build/first-renders.ts), and the page's early script
 * fills it from the session's and the shelf's answers and shows it (web/src/reading/profile-start.ts).
 * Its slots are all drawn: the script takes away the plan's line that is not the reader's and the
 * cards the shelf has no story for. Hidden until then; hidden from assistive technology and out of the focus order all along, as the
 * app's page, drawn beneath it, is the one they read.
 */
export function profileFirstScreenRender(): string {
  return renderToStaticMarkup(
    <MemoryRouter>
      <div id={PROFILE_FIRST_SCREEN_ID} className="profile-first-screen" hidden aria-hidden="true" inert>
        <div className="page profile">
          <GlassHeader className="profile-bar">
            <div className="glass-header__actions">
              <Button variant="primary" className="profile-bar__generate">
                <SparkleIcon />
                Generate
              </Button>
              <span className={buttonClass('ghost', 'md', { icon: true, className: 'refresh-button' })}>
                <RefreshIcon />
              </span>
              <span className="bell__wrap">
                <span className={buttonClass('ghost', 'md', { icon: true, className: 'bell' })}>
                  <BellIcon />
                </span>
              </span>
              <span className="settings">
                <span className={buttonClass('ghost', 'md', { icon: true })}>
                  <SettingsIcon />
                </span>
              </span>
            </div>
          </GlassHeader>
          <main className="container profile-main">
            <section className="profile-card">
              <span className="profile-card__avatar" data-slot="initial" />
              <div className="profile-card__who">
                <p className="profile-card__email" data-slot="email" />
                <p className="profile-card__plan" data-slot="premium">
                  <Badge premium>
                    <CrownIcon />
                    Premium Member
                  </Badge>
                  <span className="text-muted" data-slot="remaining" />
                </p>
                <p className="profile-card__plan" data-slot="free">
                  <Badge>Free Account</Badge>
                </p>
              </div>
            </section>
            <section className="continue-reading">
              <h2 className="continue-reading__title">Continue reading</h2>
              <ul className="story-grid">
                {Array.from({ length: EARLY_CARDS }, (_, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: empty slots have no identity
                  <li key={index} className="story-grid__item" data-slot="card">
                    <article className="story-card">
                      <div className="story-card__link">
                        <div className="story-card__media">
                          <img
                            className="story-card__image"
                            data-slot="image"
                            alt=""
                            width={360}
                            height={480}
                            fetchPriority={index === 0 ? 'high' : 'auto'}
                          />
                        </div>
                      </div>
                    </article>
                  </li>
                ))}
              </ul>
            </section>
          </main>
        </div>
      </div>
    </MemoryRouter>,
  );
}
