import { ratingLabel, type Story, slideAltText } from '@nocturne/domain';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useRecordProgress } from '../reading/use-record-progress';
import { ReadingSettingsDialog } from '../reading-settings/ReadingSettingsDialog';
import { useReadingSettings } from '../reading-settings/reading-settings-queries';
import { readingSettingsAttributes } from '../reading-settings/stored-reading-settings';
import { imageSrc } from '../ui/image-src';
import { ArrowLeftIcon } from '../ui/page-icons';
import { firstSlideLayerShown, removeFirstSlideLayer } from './first-slide-layer';
import { ReaderReportButton } from './ReaderReportButton';
import { readerLayout, slideAt } from './reader-layout';
import { ScrollHint } from './ScrollHint';
import { StoryEnd } from './StoryEnd';
import './StoryReader.css';
import './reader-themes.css';
import { slideSrcset } from './slide-srcset';

export interface StoryReaderProps {
  story: Story;
  backTo: string;
  /** The slide to open at (where the reader stopped last time); 0 for the start. */
  startSlide?: number;
}

const prefersReducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/** Keys that move one slide; not while a control that uses them has focus. */
function stepOf(event: KeyboardEvent): -1 | 1 | 0 {
  const target = event.target as HTMLElement | null;
  if (target?.closest('input, textarea, select, button, a, [contenteditable="true"]')) return 0;
  if (event.altKey || event.ctrlKey || event.metaKey) return 0;
  switch (event.key) {
    case 'ArrowDown':
    case 'ArrowRight':
    case 'PageDown':
      return 1;
    case ' ':
      return event.shiftKey ? -1 : 1;
    case 'ArrowUp':
    case 'ArrowLeft':
    case 'PageUp':
      return -1;
    default:
      return 0;
  }
}

/**
 * The reader: the slide's image fills the screen, the page scrolls
 * through the slides (each gets 1.2 x the window height plus 120 px per sentence), a counter
 * shows n/total, and "The End" follows the last slide.
 */
export function StoryReader({ story, backTo, startSlide = 0 }: StoryReaderProps) {
  const total = story.images.length;
  const [windowHeight, setWindowHeight] = useState(() => window.innerHeight);
  const layout = useMemo(
    () =>
      readerLayout(
        story.images.map((_, i) => story.texts[i] ?? ''),
        windowHeight,
      ),
    // Not the story object: a like replaces it with the same slides and a new count.
    [story.images, story.texts, windowHeight],
  );
  // `ended`: The End has scrolled half into view (the edge taps make way for its buttons). The
  // slide it opens at from the first frame, before the opening scroll reaches it.
  const [position, setPosition] = useState({ index: startSlide, progress: 0, ended: false });
  const textBox = useRef<HTMLDivElement>(null);
  const textInner = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState(0);

  const { settings } = useReadingSettings();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const stillMotion = settings.reducedMotion;

  const [resumed, setResumed] = useState(startSlide > 0);
  const [atEnd, setAtEnd] = useState(false);

  // The page drew the slide it opens at before the app's script ran: the reader's own takes its
  // place in the same frame (a layout effect), so its text does not come in again.
  const [tookOver, setTookOver] = useState(firstSlideLayerShown);
  useLayoutEffect(removeFirstSlideLayer, []);

  // The one-time hint comes a frame after the opening scroll: that scroll is the reader's own,
  // and its event (dispatched in that frame, before animation frames run) must not hide it.
  const [opened, setOpened] = useState(false);

  // Opens where the reader stopped (the layout of the first render places that slide).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on opening
  useEffect(() => {
    window.scrollTo(0, layout.starts[Math.min(startSlide, total - 1)] ?? 0);
    const frame = requestAnimationFrame(() => setOpened(true));
    return () => cancelAnimationFrame(frame);
  }, []);

  useEffect(() => {
    const onResize = () => setWindowHeight(window.innerHeight);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const next = {
        ...slideAt(layout, window.scrollY),
        ended: window.scrollY > layout.total - windowHeight / 2,
      };
      if (window.scrollY >= layout.total - 1) setAtEnd(true);
      setPosition((current) =>
        current.index === next.index &&
        current.ended === next.ended &&
        Math.abs(current.progress - next.progress) < 0.005
          ? current
          : next,
      );
    };
    const onScroll = () => {
      if (!frame) frame = window.requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [layout, windowHeight]);

  // A text longer than its box scrolls through it while the reader scrolls through the slide.
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again for each slide and window size
  useLayoutEffect(() => {
    const box = textBox.current;
    const inner = textInner.current;
    if (box && inner) setOverflow(Math.max(0, inner.scrollHeight - box.clientHeight));
  }, [position.index, windowHeight, settings.textSize, settings.typeface, settings.lineSpacing]);

  const goTo = useCallback(
    (index: number) => {
      const top = index >= total ? layout.total : (layout.starts[Math.max(0, index)] ?? 0);
      window.scrollTo({ top, behavior: stillMotion || prefersReducedMotion() ? 'auto' : 'smooth' });
    },
    [layout, total, stillMotion],
  );

  /** One slide on or back; back from The End is the last slide. */
  const move = useCallback(
    (step: -1 | 1) => {
      const atEnd = window.scrollY >= layout.total - 1;
      goTo(atEnd && step < 0 ? total - 1 : position.index + step);
    },
    [goTo, layout, position.index, total],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const step = stepOf(event);
      if (step === 0) return;
      event.preventDefault();
      move(step);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [move]);

  const { index, progress } = position;
  useEffect(() => {
    if (index !== startSlide) setTookOver(false);
  }, [index, startSlide]);
  useRecordProgress(story.id, index, atEnd, startSlide);
  const textShift = overflow * Math.min(1, Math.max(0, (progress - 0.1) / 0.75));

  return (
    <div className="reader" {...readingSettingsAttributes(settings)}>
      <div className="reader__stage">
        {story.images.map((ref, i) =>
          // The current image, the one before (for the cross-fade) and the next two (preloaded).
          i >= index - 1 && i <= index + 2 ? (
            <img
              key={ref}
              className={`reader__image${i === index ? ' reader__image--active' : ''}`}
              src={imageSrc(ref)}
              srcSet={slideSrcset(ref)}
              sizes="100vw"
              alt={i === index ? slideAltText(story.texts[i] ?? '', story.alts?.[i]) : ''}
              aria-hidden={i === index ? undefined : true}
              decoding="async"
              // The current slide is the largest paint: fetched at once and before its neighbours.
              loading="eager"
              fetchPriority={i === index ? 'high' : 'low'}
            />
          ) : null,
        )}
        <div className="reader__scrim" aria-hidden="true" />
        <div className="reader__text" ref={textBox}>
          <div
            className={`reader__text-inner${tookOver && index === startSlide ? ' reader__text-inner--drawn' : ''}`}
            ref={textInner}
            key={index}
            style={{ transform: `translateY(${-textShift}px)` }}
          >
            {story.texts[index] ?? ''}
          </div>
        </div>
      </div>

      <header className="reader__bar">
        <Link className="reader__pill reader__back" to={backTo} aria-label="Back">
          <ArrowLeftIcon />
        </Link>
        {story.creator.handle ? (
          <Link className="reader__byline" to={`/creator/${encodeURIComponent(story.creator.handle)}`}>
            by {story.creator.name}
          </Link>
        ) : (
          <span className="reader__byline">by {story.creator.name}</span>
        )}
        <span className="reader__rating" data-testid="story-rating">
          {ratingLabel(story.rating)}
        </span>
        {resumed ? (
          <button
            type="button"
            className="reader__restart"
            onClick={() => {
              setResumed(false);
              goTo(0);
            }}
          >
            Start from the beginning
          </button>
        ) : null}
        <span className="reader__tools">
          <button
            type="button"
            className="reader__pill reader__settings"
            aria-label="Reading settings"
            aria-haspopup="dialog"
            onClick={() => setSettingsOpen(true)}
          >
            <span aria-hidden="true">Aa</span>
          </button>
          <ReaderReportButton storyId={story.id} />
          <span className="reader__pill reader__counter" aria-hidden="true">
            {index + 1}/{total}
          </span>
        </span>
      </header>
      <ReadingSettingsDialog open={settingsOpen} onClose={() => setSettingsOpen(false)} />
      <div className="visually-hidden" aria-live="polite" aria-atomic="true">
        Slide {index + 1} of {total}
      </div>
      {opened ? <ScrollHint /> : null}
      {/* Taps on the edges move a slide, as in the readers people know; the live region above
          announces the new slide. Gone once The End scrolls in, so its buttons stay reachable. */}
      {position.ended ? null : (
        <>
          <button
            type="button"
            className="reader__edge reader__edge--previous"
            aria-label="Previous slide"
            onClick={() => move(-1)}
          />
          <button
            type="button"
            className="reader__edge reader__edge--next"
            aria-label="Next slide"
            onClick={() => move(1)}
          />
        </>
      )}

      <div className="reader__track" style={{ height: layout.total }} aria-hidden="true" />
      <StoryEnd story={story} likes={story.likes} backTo={backTo} reached={position.ended} />
    </div>
  );
}
