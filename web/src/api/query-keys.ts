/**
 * Every TanStack Query key of the app, in one place: a component asks for a key here and never
 * writes one inline, so whoever invalidates a family (`queryKeys.stories()`) reaches every
 * member of it. Families are prefixes: `['stories']` matches every viewer's story list.
 */
export const queryKeys = {
  /** Every story list (GET /api/stories), whoever asks. */
  stories: () => ['stories'] as const,
  /** One member's search (GET /api/search): in the stories family, so a new story refreshes it. */
  storySearch: (token: string | null, subscribed: boolean, words: string) =>
    ['stories', token, subscribed, 'search', words] as const,
  /**
   * One viewer's story list, fetched a page at a time from `first` stories on (the landing's 5,
   * the profile's 6): premium images come as blurred previews unless the viewer may read them,
   * so the key carries who is asking.
   */
  storyPages: (token: string | null, subscribed: boolean, first: number, tag: string | null = null) =>
    ['stories', token, subscribed, first, tag] as const,
  /** One viewer's newest `count` stories (carrying `tag`, when one is chosen), a single page (the landing). */
  firstStories: (token: string | null, subscribed: boolean, count: number, tag: string | null = null) =>
    ['stories', token, subscribed, 'first', count, tag] as const,
  /** Every viewer's copy of one story (GET /api/stories/{id}). */
  story: (id: string) => ['story', id] as const,
  /** One creator's page header (GET /api/creators/{handle}) for one viewer. */
  creator: (handle: string, token: string | null) => ['creators', handle, token] as const,
  /** One creator's stories, a page at a time, for one viewer (GET /api/stories?creator=). */
  creatorStories: (handle: string, token: string | null, subscribed: boolean) =>
    ['stories', token, subscribed, 'creator', handle] as const,
  /** Every creator's page (a follow changes the counts). */
  creators: () => ['creators'] as const,
  /** The session's pen name (GET /api/me/pen-name). */
  penName: (token: string | null) => ['creators', 'me', token] as const,
  /** The session's studio over the last `days` days (GET /api/me/studio). */
  studio: (token: string | null, days: number) => ['studio', token, days] as const,
  /** The session's notifications (GET /api/me/notifications). */
  notifications: (token: string | null) => ['notifications', token] as const,
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
  /** Everything of the reader's premium account (dropped and re-read when a story is spent). */
  premium: () => ['premium'] as const,
  /** The session's premium ledger (GET /api/me/premium). */
  myPremium: (token: string | null) => ['premium', 'me', token] as const,
  /** Whether opening one story would spend a premium story (GET /api/me/premium/stories/{id}). */
  premiumOpening: (id: string, token: string | null) => ['premium', 'opening', id, token] as const,
  verifyEmail: (token: string | null) => ['verify-email', token] as const,
  site: () => ['site'] as const,
  /** The curated tags and the fixed warnings (GET /api/tags). */
  labelChoices: () => ['labels', 'choices'] as const,
  /** Whether the session's daily e-mail digest is on (GET /api/me/email-digest). */
  emailDigest: (token: string | null) => ['email-digest', token] as const,
  /** The session's hidden warnings (GET /api/me/hidden-warnings). */
  hiddenWarnings: (token: string | null) => ['labels', 'hidden', token] as const,
  subscriberCount: () => ['stats', 'subscribers'] as const,
  paymentSettings: () => ['payment-settings'] as const,
  /** Everything of the admin panel (dropped on admin logout). */
  admin: () => ['admin'] as const,
  adminUsers: (token: string) => ['admin', 'users', token] as const,
  adminStories: (token: string) => ['admin', 'stories', token] as const,
  /** The admin's search: under adminStories, so a publish or a delete refreshes it. */
  adminStorySearch: (token: string, words: string) => ['admin', 'stories', token, 'search', words] as const,
  adminPayments: (token: string) => ['admin', 'payments', token] as const,
  /** The moderation queue; a decision refreshes it and the stories. */
  adminReports: (token: string) => ['admin', 'reports', token] as const,
  adminMonthlyStats: (token: string) => ['admin', 'monthly-stats', token] as const,
  adminStaff: (token: string) => ['admin', 'staff', token] as const,
  /** The auditor's console: an account's timeline as of an instant (read-only, no writes refresh it). */
  adminAuditTimeline: (token: string, asked: unknown) =>
    ['admin', 'audit', 'timeline', token, asked] as const,
  /** The event browser: a stream category's list, a stream, the filtered log, a correlation. */
  adminAuditBrowse: (token: string, what: unknown) => ['admin', 'audit', 'browse', token, what] as const,
  /** The last integrity check of a kind (the log's chain, the read models), polled while it runs. */
  adminIntegrity: (token: string, kind: string) => ['admin', 'integrity', kind, token] as const,
  /** An opened staff invitation (its address, role and TOTP secret): not under admin(). */
  staffInvitation: (token: string) => ['staff-invitation', token] as const,
} as const;
