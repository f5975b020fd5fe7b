import { DEFAULT_READING_SETTINGS } from '@nocturne/domain';
import { renderToStaticMarkup } from 'react-dom/server';
import { readingSettingsAttributes } from '../reading-settings/stored-reading-settings';
import { FIRST_SLIDE_LAYER_ID } from './first-slide-layer';

/**
 * The reader's first slide with empty slots (`data-slot`), as the reader draws it
 * (web/src/reader/StoryReader.tsx: the same classes, the default reading settings): the build
 * writes it into the reader page's HTML (web/build/first-renders.ts), and the page's early
 * script fills it from the story's answer and shows it (web/src/reader/story-start.ts). Its text is
 * drawn at once, without the reader's fade-in, as is the reader's own that takes its place.
 * Hidden until then; hidden from assistive technology and out of the focus order all along, as
 * the app's reader, drawn beneath it, is the one they read.
 */
export function firstSlideLayerRender(): string {
  return renderToStaticMarkup(
    <div
      id={FIRST_SLIDE_LAYER_ID}
      className="reader"
      {...readingSettingsAttributes(DEFAULT_READING_SETTINGS)}
      hidden
      aria-hidden="true"
      inert
    >
      <div className="reader__stage">
        <img
          className="reader__image reader__image--active"
          data-slot="image"
          alt=""
          sizes="100vw"
          decoding="async"
          fetchPriority="high"
        />
        <div className="reader__scrim" />
        <div className="reader__text">
          <div className="reader__text-inner reader__text-inner--drawn" data-slot="text" />
        </div>
      </div>
    </div>,
  );
}
