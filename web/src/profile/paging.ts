/** The profile shows the first 6 stories, then Load More adds 5 at a time
 * (pages of GET /api/stories, see stories/use-stories.ts). */
export const FIRST_PAGE = 6;
export const PAGE_STEP = 5;
