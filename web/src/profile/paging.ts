/** spec.md section 4 and 9: the profile shows the first 6 stories, then Load More adds 5 at a time. */
export const FIRST_PAGE = 6;
export const PAGE_STEP = 5;

/** How many stories are shown after `loads` presses of Load More, never more than there are. */
export function visibleCount(loads: number, total: number): number {
  return Math.min(total, FIRST_PAGE + PAGE_STEP * loads);
}
