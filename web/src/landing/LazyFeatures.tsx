import { lazy, Suspense, useRef } from 'react';
import { useNearViewport } from '../ui/use-near-viewport';
import './LandingPage.css';
import './LazyFeatures.css';

const FeaturesSection = lazy(() => import('./FeaturesSection'));

/**
 * The features section sits below the fold: its code, the carousel's and their images load once
 * its place comes within 200 px of the viewport, so the landing's first load carries none of
 * it (at most 82 KB of JavaScript). Until then an empty section of about its height
 * holds the place.
 */
export function LazyFeatures() {
  const slot = useRef<HTMLElement>(null);
  const near = useNearViewport(slot);
  const placeholder = <section ref={slot} className="features features--pending" aria-hidden="true" />;
  if (!near) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <FeaturesSection />
    </Suspense>
  );
}
