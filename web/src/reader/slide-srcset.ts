import { imageSrc } from '../ui/image-src';

/** The widths the server renders a slide's image at (`?w=`). */
const RENDITIONS = [480, 960, 1440];

/**
 * A slide image's srcset over the server's renditions, for references it serves; none for a URL
 * (external, or a kept copy's object URL). The reader's `<img>` and the reader page's early
 * script use the same, so the browser takes the slide's image from the early request.
 *
 * @example
 * slideSrcset('a1b2') // '/api/images/a1b2?w=480 480w, /api/images/a1b2?w=960 960w, …'
 */
export function slideSrcset(ref: string): string | undefined {
  if (ref.includes(':')) return undefined;
  return RENDITIONS.map((w) => `${imageSrc(ref)}?w=${w} ${w}w`).join(', ');
}
