/**
 * The port query-api calls before it serves a premium story (the one GET that
 * appends). query-api defines it; command-api's `createPremiumUnlocker` (one process)
 * and `httpPremiumUnlocker` (split mode) implement it, wired together by infra.
 */
export type PremiumUnlocker = (input: { userKey: string; storyId: string }) => Promise<{
  /** Global position of the unlock (or of the user stream's last event when nothing was spent). */
  position: number;
  /** True when the user had unlocked this story before: nothing was spent. */
  alreadyUnlocked: boolean;
}>;
