/** Where the app remembers that the reader said "Not now" to installing. */
export const INSTALL_DISMISSED_KEY = 'nocturne.install-offer-dismissed-at';

/** After "Not now", the offer stays away this long. */
export const INSTALL_QUIET_MS = 30 * 24 * 60 * 60 * 1000;

export interface InstallOfferState {
  /** The browser has said the app can be installed (its install event was kept). */
  installable: boolean;
  /**
   * A service worker controls the page: the reader has been here before. On a first visit
   * none does yet (the worker installs during it), and no offer is made.
   */
  returning: boolean;
  /** When the reader last said "Not now" (ms since the epoch), if ever. */
  dismissedAt: number | undefined;
  now: number;
}

/** Whether to offer installing: never on a first visit, never within 30 days of a "Not now". */
export function shouldOfferInstall({ installable, returning, dismissedAt, now }: InstallOfferState): boolean {
  if (!installable || !returning) return false;
  return dismissedAt === undefined || now - dismissedAt >= INSTALL_QUIET_MS;
}

/** The stored "Not now" time; anything unreadable counts as never. */
export function readDismissedAt(storage: Pick<Storage, 'getItem'>): number | undefined {
  try {
    const value = Number(storage.getItem(INSTALL_DISMISSED_KEY));
    return Number.isFinite(value) && value > 0 ? value : undefined;
  } catch {
    return undefined; // storage refused (a private window's quota): no memory of a dismissal
  }
}
