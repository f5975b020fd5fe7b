/** The event Chromium browsers fire when the app can be installed (not in the DOM's types). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
}

/**
 * The install event the browser fired, kept until the app offers to install (InstallOffer);
 * cleared once used, as an event prompts once. An object, so that module can clear it.
 */
export const kept: { install?: BeforeInstallPromptEvent } = {};

/** Keeps the browser's install event: its own install bar stays hidden until the app offers. */
export function keepInstallEvent(event: Event): void {
  event.preventDefault();
  kept.install = event as BeforeInstallPromptEvent;
}
