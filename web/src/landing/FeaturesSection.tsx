import { lazy, Suspense, useState } from 'react';
import { buttonClass } from '../ui/Button';
import { CheckIcon } from '../ui/icons';
import { SparkleIcon } from '../ui/page-icons';
import { CharacterCarousel } from './CharacterCarousel';
import './LandingPage.css';
import './FeaturesSection.css';

const ExclusiveAccessDialog = lazy(() => import('../invite/ExclusiveAccessDialog'));

const OFFERING = [
  'Unlimited free stories, always',
  '30 premium stories of your choice',
  'One payment, no recurring charges',
  'Completely ad-free reading',
];

/**
 * The landing's features section: what a reader gets, the invitation to
 * create a story, and the character carousel. Below the fold, so it loads apart (LazyFeatures).
 */
export default function FeaturesSection() {
  const [exclusiveOpen, setExclusiveOpen] = useState(false);
  return (
    <>
      <section className="features" aria-labelledby="features-title">
        <div className="features__inner container">
          <div className="features__text">
            <p className="eyebrow">Why readers stay</p>
            <h2 id="features-title">Characters you will not forget</h2>
            <p className="features__lead">
              Every Nocturne character is imagined by our writers and brought to life by several AI models
              trained on our own original work. No real person is ever on screen, so you can lose yourself in
              the story with a clear conscience.
            </p>
            <ul className="offering">
              {OFFERING.map((item) => (
                <li key={item}>
                  <CheckIcon />
                  {item}
                </li>
              ))}
            </ul>
            <div className="features__create">
              <button
                type="button"
                className={buttonClass('secondary', 'lg')}
                onClick={() => setExclusiveOpen(true)}
              >
                <SparkleIcon />
                Create your own story
              </button>
              <p className="text-muted">Story creation is open by invitation while we grow.</p>
            </div>
          </div>
          <CharacterCarousel />
        </div>
      </section>
      {exclusiveOpen ? (
        <Suspense fallback={null}>
          <ExclusiveAccessDialog open={exclusiveOpen} onClose={() => setExclusiveOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
