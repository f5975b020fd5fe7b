/**
 * The account card's count of a premium member's remaining stories, as the profile shows it and
 * as its early first screen writes it before the app has run.
 *
 * @example
 * premiumStoriesLeft(7) // '7 premium stories left'
 */
export function premiumStoriesLeft(count: number): string {
  return `${count} premium stories left`;
}
