import { useEffect, useState } from 'react';
import { ArrowRightIcon, ImageIcon } from '../ui/icons';
import { ArrowLeftIcon } from '../ui/page-icons';
import { CAROUSEL_INTERVAL_MS, CHARACTERS } from './characters';
import { usePrefersReducedMotion } from './use-reduced-motion';
import './LandingPage.css';
import './CharacterCarousel.css';

/**
 * The features carousel: four character images, the next one every 3 s.
 * Under prefers-reduced-motion nothing moves by itself; the reader steps with the controls.
 * Rotation also pauses while the pointer or focus is inside, and with the pause button.
 * An image that fails to load is replaced by a drawn placeholder with the character's name.
 */
export function CharacterCarousel() {
  const reducedMotion = usePrefersReducedMotion();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [failed, setFailed] = useState<Record<number, boolean>>({});
  const rotating = !reducedMotion && !paused && !hovered;

  useEffect(() => {
    if (!rotating) return;
    const timer = window.setInterval(() => {
      setIndex((current) => (current + 1) % CHARACTERS.length);
    }, CAROUSEL_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [rotating]);

  const step = (delta: number) =>
    setIndex((current) => (current + delta + CHARACTERS.length) % CHARACTERS.length);
  const active = CHARACTERS[index]!;

  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-label="Characters of Nocturne"
      data-rotating={rotating}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHovered(false);
      }}
    >
      <div className="carousel__viewport" aria-live={rotating ? 'off' : 'polite'}>
        {CHARACTERS.map((character, slide) => (
          // biome-ignore lint/a11y/useSemanticElements: a slide of a carousel is a labelled group (WAI-ARIA carousel pattern)
          <div
            key={character.name}
            className="carousel__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={`${slide + 1} of ${CHARACTERS.length}: ${character.name}`}
            aria-hidden={slide !== index}
            data-active={slide === index}
          >
            {failed[slide] ? (
              <div className="carousel__placeholder" data-testid="carousel-placeholder">
                <ImageIcon />
                <span>{character.name}</span>
              </div>
            ) : (
              <img
                className="carousel__image"
                src={character.src}
                alt={`${character.name}, ${character.role.toLowerCase()}`}
                width={600}
                height={800}
                loading="lazy"
                decoding="async"
                onError={() => setFailed((current) => ({ ...current, [slide]: true }))}
              />
            )}
          </div>
        ))}
        <div className="carousel__caption">
          <span className="carousel__name">{active.name}</span>
          <span className="carousel__role">{active.role}</span>
        </div>
      </div>
      <div className="carousel__controls">
        <button
          type="button"
          className="btn btn--ghost btn--icon"
          aria-label="Previous character"
          onClick={() => step(-1)}
        >
          <ArrowLeftIcon />
        </button>
        <div className="carousel__dots">
          {CHARACTERS.map((character, slide) => (
            <button
              key={character.name}
              type="button"
              className="carousel__dot"
              aria-label={`Show ${character.name}`}
              aria-current={slide === index ? 'true' : undefined}
              onClick={() => setIndex(slide)}
            />
          ))}
        </div>
        <button
          type="button"
          className="btn btn--ghost btn--icon"
          aria-label="Next character"
          onClick={() => step(1)}
        >
          <ArrowRightIcon />
        </button>
        {reducedMotion ? null : (
          <button
            type="button"
            className="btn btn--ghost btn--sm carousel__pause"
            aria-pressed={paused}
            onClick={() => setPaused((value) => !value)}
          >
            {paused ? 'Play' : 'Pause'}
          </button>
        )}
      </div>
    </section>
  );
}
