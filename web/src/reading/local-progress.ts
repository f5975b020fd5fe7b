/**
 * A visitor's progress stays in this browser: the slide per story in localStorage,
 * never sent anywhere. Storage that is disabled or full simply forgets.
 */
export const LOCAL_PROGRESS_KEY = 'nocturne.progress';

/** Stories kept at most: the oldest go first, so the entry never grows without bound. */
export const MAX_LOCAL_STORIES = 50;

type Slides = Record<string, number>;

function readAll(): Slides {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(LOCAL_PROGRESS_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Slides) : {};
  } catch {
    return {};
  }
}

function writeAll(slides: Slides): void {
  try {
    localStorage.setItem(LOCAL_PROGRESS_KEY, JSON.stringify(slides));
  } catch {
    // storage disabled or full: progress lasts as long as the page
  }
}

/** The slide to resume at, or 0. */
export function localSlide(storyId: string): number {
  const slide = readAll()[storyId];
  return typeof slide === 'number' && Number.isInteger(slide) && slide >= 0 ? slide : 0;
}

/** Remembers the slide (the most recent story last); slide 0 or a finished story forgets it. */
export function rememberLocalSlide(storyId: string, slide: number): void {
  const { [storyId]: _, ...others } = readAll();
  if (slide <= 0) {
    writeAll(others);
    return;
  }
  const kept = Object.entries(others).slice(-(MAX_LOCAL_STORIES - 1));
  writeAll({ ...Object.fromEntries(kept), [storyId]: slide });
}
