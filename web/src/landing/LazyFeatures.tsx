import { lazy, type RefObject, Suspense, useEffect, useRef, useState } from 'react';
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

/** True once the element is within 200 px of the viewport (at once without IntersectionObserver). */
function useNearViewport(element: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const target = element.current;
    if (near || !target) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, near]);
  return near;
}
