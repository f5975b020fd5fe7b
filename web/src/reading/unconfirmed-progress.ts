/**
 * A logged-in reader's place that the server has not confirmed yet, kept in this tab.
 *
 * The write sent as a page goes away (`keepalive`) is never answered to the page that sent it, so
 * the next page cannot ask the read side to wait for it; a reader who leaves a story and comes
 * straight back could reopen it at an older slide. Each place sent is kept here until an answer
 * confirms it, and for a short while only: after that the server's answer is the truth again (the
 * reader may have read on another device meanwhile).
 */
export const UNCONFIRMED_PROGRESS_KEY = 'nocturne.unconfirmed-progress';

/** How long a sent place outranks the server's answer. */
export const UNCONFIRMED_FOR_MS = 2 * 60_000;

type Places = Record<string, { slide: number; at: number }>;

function readAll(): Places {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(UNCONFIRMED_PROGRESS_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Places) : {};
  } catch {
    return {};
  }
}

function writeAll(places: Places): void {
  try {
    sessionStorage.setItem(UNCONFIRMED_PROGRESS_KEY, JSON.stringify(places));
  } catch {
    // storage disabled or full: the server's answer is all there is
  }
}

/** A place was sent to the server. */
export function rememberSentSlide(storyId: string, slide: number, now = Date.now()): void {
  const fresh = Object.entries(readAll()).filter(([, place]) => now - place.at < UNCONFIRMED_FOR_MS);
  writeAll({ ...Object.fromEntries(fresh), [storyId]: { slide, at: now } });
}

/** The server answered for this place (or the story was finished): the server knows it now. */
export function forgetSentSlide(storyId: string, slide?: number): void {
  const { [storyId]: place, ...others } = readAll();
  if (place && (slide === undefined || place.slide === slide)) writeAll(others);
}

/** The place sent in the last moments and not confirmed, if any. */
export function unconfirmedSlide(storyId: string, now = Date.now()): number | undefined {
  const place = readAll()[storyId];
  if (!place || typeof place.slide !== 'number' || typeof place.at !== 'number') return undefined;
  return now - place.at < UNCONFIRMED_FOR_MS ? place.slide : undefined;
}
