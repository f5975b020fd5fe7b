/**
 * Names an image the page will show as soon as its address is known, at high priority: with the
 * same source (and sources, and sizes) as the `<img>` the app draws, so the browser takes that
 * image from this request.
 *
 * @example
 * preloadImage(imageSrc(story.images[0]));
 */
export function preloadImage(href: string, srcset?: string, sizes?: string): void {
  const link = document.createElement('link');
  link.setAttribute('rel', 'preload');
  link.setAttribute('as', 'image');
  link.setAttribute('fetchpriority', 'high');
  link.setAttribute('href', href);
  if (srcset) {
    link.setAttribute('imagesrcset', srcset);
    if (sizes) link.setAttribute('imagesizes', sizes);
  }
  document.head.append(link);
}
