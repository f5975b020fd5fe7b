/**
 * Every TanStack Query key of the app, in one place: a component asks for a key here and never
 * writes one inline, so whoever invalidates a family (`queryKeys.stories()`) reaches every
 * member of it. Families are prefixes: `['stories']` matches every viewer's story list.
 */
export const queryKeys = {
  /** Every story list (GET /api/stories), whoever asks. */
  stories: () => ['stories'] as const,
  /**
   * One viewer's story list, fetched a page at a time from `first` stories on (the landing's 5,
   * the profile's 6): premium images come as blurred previews unless the viewer may read them,
   * so the key carries who is asking.
   */
  storyPages: (token: string | null, subscribed: boolean, first: number) =>
    ['stories', token, subscribed, first] as const,
  /** One viewer's newest `count` stories, a single page (the landing). */
  firstStories: (token: string | null, subscribed: boolean, count: number) =>
    ['stories', token, subscribed, 'first', count] as const,
  /** Every viewer's copy of one story (GET /api/stories/{id}). */
  story: (id: string) => ['story', id] as const,
  /** One viewer's copy of one story (a premium story's answer depends on who reads it). */
  storyFor: (id: string, token: string | null) => ['story', id, token] as const,
  /** Every shelf of the reader's library (GET /api/me/library), whoever asks. */
  library: () => ['library'] as const,
  /** One reader's shelf: continue, saved, read or unlocked. */
  shelf: (token: string | null, shelf: string) => ['library', token, shelf] as const,
  /** One reader's place in one story (GET /api/stories/{id}/progress). */
  progress: (id: string, token: string | null) => ['library', token, 'progress', id] as const,
  /** Every session's user (dropped when the session ends). */
  users: () => ['auth', 'me'] as const,
  /** The session's user (GET /api/auth/me). */
  me: (token: string | null) => ['auth', 'me', token] as const,
  verifyEmail: (token: string | null) => ['verify-email', token] as const,
  site: () => ['site'] as const,
  subscriberCount: () => ['stats', 'subscribers'] as const,
  paymentSettings: () => ['payment-settings'] as const,
  /** Everything of the admin panel (dropped on admin logout). */
  admin: () => ['admin'] as const,
  adminUsers: (token: string) => ['admin', 'users', token] as const,
  adminStories: (token: string) => ['admin', 'stories', token] as const,
  adminPayments: (token: string) => ['admin', 'payments', token] as const,
  adminMonthlyStats: (token: string) => ['admin', 'monthly-stats', token] as const,
} as const;
