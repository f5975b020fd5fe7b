import type { ContentWarningId, ReadingSettings, StoryRatingId } from '@nocturne/domain';
import type { ColumnType, Generated } from 'kysely';

/**
 * The read-model schema, typed once and shared with query-api. Each feature declares its
 * tables in its own file and adds them here; the SQL lives in read-model/migrations/.
 */
export interface CheckpointsTable {
  /** A projection's name. */
  name: string;
  /** Last global position this projection has applied. */
  position: ColumnType<number, number, number>;
  /** Set when the projection stopped: the position of the event it could not apply. */
  stopped_position: ColumnType<number | null, number | null | undefined, number | null>;
  stopped_event_type: ColumnType<string | null, string | null | undefined, string | null>;
  /** An error class or SQLSTATE: never the event's data. */
  stopped_reason: ColumnType<string | null, string | null | undefined, string | null>;
  stopped_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface StoriesTable {
  id: string;
  is_premium: boolean;
  /** [{image: {ref, width, height}, text}] */
  slides: ColumnType<StorySlide[], string, string>;
  preview: ColumnType<StoryImage, string, string>;
  /** The answer's fields, prepared by the projector (projections/stories/story-card.ts). */
  card: ColumnType<StoryCard, string, string>;
  views: Generated<number>;
  likes: Generated<number>;
  published_at: ColumnType<Date, Date | string, never>;
  /** Global position of StoryPublished: the list is newest first by it. */
  position: ColumnType<number, number, never>;
  /** Position of the last event that changed the row: the list reads what changed since it looked. */
  changed_at: ColumnType<number, number, number>;
  /** The statement of a moderator's hide; null while the story is visible. Every reader leaves a hidden story out. */
  hidden_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** The account that published it (its event's metadata); null for the admin's and an invite's. */
  creator_key: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Each account's pen name (the stories projection keeps it: cards show it). */
export interface CreatorsTable {
  user_key: string;
  pen_name: string;
  handle: string;
}

/** A reader following a creator (projections/creators). */
export interface FollowsTable {
  follower_key: string;
  creator_key: string;
  followed_at: ColumnType<Date, Date | string, never>;
  position: ColumnType<number, number, number>;
}

/** A story a follower is told of: its creator published it while they followed. */
export interface CreatorNotificationsTable {
  user_key: string;
  story_id: string;
  creator_key: string;
  notified_at: ColumnType<Date, Date | string, never>;
  position: ColumnType<number, number, never>;
}

/** One story's views and likes on one day (UTC), for the studio's chart. */
export interface StudioDailyTable {
  story_id: string;
  /** YYYY-MM-DD. */
  day: ColumnType<string, string, never>;
  views: ColumnType<number, number, number>;
  likes: ColumnType<number, number, number>;
}

/** One logged-in reader of one story: the furthest slide reached (0-based) and whether they finished. */
export interface StudioReadersTable {
  story_id: string;
  user_key: string;
  max_slide: ColumnType<number, number, number>;
  finished: ColumnType<boolean, boolean, boolean>;
}

/** A creator's draft as last saved (its creator's only), and when it is to be published. */
export interface DraftsTable {
  story_id: string;
  creator_key: string;
  slides: ColumnType<StorySlide[], string, string>;
  preview: ColumnType<StoryImage, string, string>;
  is_premium: boolean;
  tags: ColumnType<string[], string, string>;
  warnings: ColumnType<ContentWarningId[], string, string>;
  rating: ColumnType<StoryRatingId, StoryRatingId | undefined, StoryRatingId>;
  publish_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
  saved_at: ColumnType<Date, Date | string, Date | string>;
}

/** How far a reader has read their notifications (a position). */
export interface NotificationReadsTable {
  user_key: string;
  through: ColumnType<number, number, number>;
}

/** A deleted story and the position of the event that deleted it: the story list drops it. */
export interface StoryDeletionsTable {
  story_id: string;
  deleted_at: ColumnType<number, number, number>;
}

export interface StoryImage {
  ref: string;
  width: number;
  height: number;
}
export interface StorySlide {
  image: StoryImage;
  text: string;
  /** What its image shows, as its creator wrote it; absent when they wrote none. */
  alt?: string;
}
/** A story's fields as its answers send them: slide image refs and texts in order, the locked teaser. */
export interface StoryCard {
  images: string[];
  texts: string[];
  /**
   * Per slide, the alt text its creator wrote ('' for none); absent when they wrote none at all,
   * and on cards made before alt texts could be written (the reader falls back to the text).
   */
  alts?: string[];
  teaser: string;
  /** The story's curated tags and content warnings, replaced by StoryLabelsChanged. */
  tags: string[];
  warnings: ContentWarningId[];
  /** General, Mature or Explicit; StoryRevised and StoryRatingChanged replace it. */
  rating: StoryRatingId;
  /** Of all the texts (domain readingMinutes): the locked card shows it too, it reveals nothing. */
  readingMinutes: number;
  /** The creator's pen name and handle (null: the product's own); PenNameChosen rewrites it. */
  creator?: { name: string; handle: string } | null;
}

/** One image of a live story: its slide images and its preview. Deleted with the story. */
export interface StoryImagesTable {
  story_id: string;
  ref: string;
  kind: 'slide' | 'preview';
  width: number;
  height: number;
  is_premium: boolean;
  /** The story is hidden by a moderator: its images are not served meanwhile. */
  hidden: Generated<boolean>;
  /** The story is rated Explicit: served only to a viewer assured of being an adult. */
  explicit: Generated<boolean>;
}

/**
 * A premium story a user has unlocked (PremiumStoryUnlocked): free to re-read forever. Once the
 * story is withdrawn (unpublished or deleted) the row is marked, until the unlock's return
 * (PremiumUnlockReturned) removes it.
 */
export interface PremiumUnlocksTable {
  user_key: string;
  story_id: string;
  unlocked_at: ColumnType<Date, Date | string, never>;
  /** The story was withdrawn: the unlock is to be given back (the unlock returner reads these). */
  withdrawn: Generated<boolean>;
}

/** An account's relation to one story: where they are, read, saved. Keyed by the account, never the address. */
export interface ReadingTable {
  account_id: string;
  story_id: string;
  /** The slide last recorded (0-based); null when only saved or finished. */
  slide: number | null;
  finished: boolean;
  saved: boolean;
  /** The time of the last event on the pair: "Continue reading" sorts by it. */
  updated_at: ColumnType<Date, Date | string, Date | string>;
  finished_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
  saved_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
}

/**
 * The account each address key holds now, for the reading events recorded on streams named by
 * that key before reading streams were named by account (projections/reading/reading-owners.ts).
 * The row goes with the account.
 */
export interface ReadingOwnersTable {
  user_key: string;
  account_id: string;
}

/** Growth by calendar month (UTC, 'YYYY-MM'); months without a row are zeros (filled at query time). */
export interface MonthlyStatsTable {
  month: string;
  registrations: Generated<number>;
  verified: Generated<number>;
  /** Distinct users granted premium in the month. */
  premium: Generated<number>;
}

/** Who was granted premium in which month, so a second grant in a month counts once. */
export interface MonthlyPremiumUsersTable {
  month: string;
  /** The user stream's key; the account id once the account is deleted (premium/rekey-erased.ts). */
  user_key: string;
}

/** Payment confirmations no grant has followed yet (the admin's to-do list). */
export interface PendingPaymentsTable {
  event_id: string;
  user_key: string;
  amount: number;
  transaction_id: string | null;
  payment_method: string;
  submitted_at: ColumnType<Date, Date | string, never>;
  position: ColumnType<number, number, never>;
}

/** A purchase through a processor (projections/payments). */
export interface PurchasesTable {
  purchase_id: string;
  user_key: string;
  provider: string;
  amount_cents: number;
  currency: string;
  discounted: boolean;
  started_at: ColumnType<Date, Date | string, never>;
}

/** What became of a processor's notice: applied to its purchase, held for the staff, or queued. */
export type PaymentNoticeState = 'applied' | 'held' | 'queued';

/** Every processor notice, once (projections/payments): the staff's queue is those not applied. */
export interface PaymentNoticesTable {
  provider: string;
  transaction_id: string;
  kind: 'sale' | 'refund' | 'chargeback';
  sale_id: string;
  /** The purchase the notice names (null: it named none). */
  purchase_id: string | null;
  amount_cents: number;
  currency: string;
  state: PaymentNoticeState;
  /** Why it was held or queued. */
  reason: string | null;
  received_at: ColumnType<Date, Date | string, never>;
  position: ColumnType<number, number, never>;
}

/** One difference a reconciliation found, as the event records it. */
export interface ReconciliationDifference {
  transactionId: string;
  kind: 'sale' | 'refund' | 'chargeback';
  issue: 'missing_here' | 'missing_there' | 'amount_differs';
  here: { amountCents: number; currency: string } | null;
  there: { amountCents: number; currency: string } | null;
}

/** Each night's reconciliation per processor: its latest run (projections/payments). */
export interface ReconciliationsTable {
  provider: string;
  /** 'YYYY-MM-DD' (read as text). */
  day: ColumnType<string, string, string>;
  processor_transactions: number;
  logged_transactions: number;
  differences: ColumnType<ReconciliationDifference[], string, string>;
  recorded_at: ColumnType<Date, Date | string, Date | string>;
  position: ColumnType<number, number, number>;
}

/** Money per UTC day and currency, from the processors' notices (projections/payments). */
export interface RevenueDaysTable {
  /** 'YYYY-MM-DD' (read as text: a date has no time zone to shift). */
  day: ColumnType<string, string, never>;
  currency: string;
  gross_cents: ColumnType<string, number, number>;
  refunds_cents: ColumnType<string, number, number>;
  chargebacks_cents: ColumnType<string, number, number>;
}

/** Age assurances per UTC day, method and provider (projections/age-assurance): counts only. */
export interface AgeAssuranceDaysTable {
  /** 'YYYY-MM-DD' (read as text: a date has no time zone to shift). */
  day: ColumnType<string, string, never>;
  method: string;
  provider: string;
  /** Whose assurances: a member's (`AgeAssured`) or a visitor's (their check assured a browser). */
  viewer: 'member' | 'visitor';
  assurances: number;
}

/** A visitor's age check from its start to its answer (projections/age-assurance). */
export interface AgeVisitorChecksTable {
  check_stream: string;
  method: string;
  provider: string;
  expires_at: Date;
}

/** What one premium ledger row records (projections/premium). */
export type PremiumLedgerKind = 'confirmation' | 'grant' | 'revocation' | 'unlock' | 'return';

/**
 * A reader's own premium account, one row per event of their user stream that concerns premium:
 * the purchase confirmations they sent (activated by the first grant after them), each grant and
 * revocation, every story unlocked, and every unlock given back (its story withdrawn). Read by GET /api/me/premium; erased with the account.
 */
export interface PremiumLedgerTable {
  event_id: string;
  user_key: string;
  kind: PremiumLedgerKind;
  recorded_at: ColumnType<Date, Date | string, never>;
  position: ColumnType<number, number, never>;
  /** A confirmation's amount, method and transaction id (opened from the vault; null once erased). */
  amount: number | null;
  payment_method: string | null;
  transaction_id: string | null;
  /** A confirmation: when the grant that followed it was recorded; null while pending. */
  activated_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
  /** A grant: how many premium stories it gave. */
  stories: number | null;
  /** An unlock or a return: the story. */
  story_id: string | null;
}

/** Every PremiumGranted, for "N users became subscribers in the last 30 days". */
export interface PremiumGrantsTable {
  event_id: string;
  /** The user stream's key; the account id once the account is deleted (premium/rekey-erased.ts). */
  user_key: string;
  granted_at: ColumnType<Date, Date | string, never>;
}

/** One row per live account (projections/users): the session user and the admin's list. */
export interface UsersTable {
  user_key: string;
  account_id: string;
  /** The normalised address, decrypted; the row goes when the account is deleted. */
  email: string;
  verified: Generated<boolean>;
  premium_member: Generated<boolean>;
  premium_stories_remaining: Generated<number>;
  /** A staff member should look at the account (a chargeback). */
  flagged_for_staff: Generated<boolean>;
  created_at: ColumnType<Date, Date | string, Date | string>;
  verified_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
  last_login: ColumnType<Date | null, Date | string | null, Date | string | null>;
}

/** Live sessions by the digest of their token (the token itself is never stored). */
export interface SessionsTable {
  session_digest: string;
  user_key: string;
  expires_at: ColumnType<Date, Date | string, Date | string>;
}

/** The curated tags writers choose from (projections/labels), for GET /api/tags. */
export interface TagsTable {
  tag: string;
  added_at: ColumnType<Date, Date | string, Date | string>;
}

/** The content warnings whose stories a reader's lists leave out; the row goes with the account. */
export interface HiddenWarningsTable {
  user_key: string;
  warnings: ContentWarningId[];
}

/** A member's latest reading settings (GET /api/me/reading-settings); the row goes with the account. */
export interface ReadingSettingsTable {
  user_key: string;
  settings: ColumnType<ReadingSettings, string, string>;
}

/** Each member's latest age assurance (projections/age-assurance); assured while `expires_at` is ahead. */
export interface AgeAssurancesTable {
  user_key: string;
  method: 'wallet' | 'hosted';
  provider: string;
  assured_at: ColumnType<Date, Date | string, Date | string>;
  expires_at: ColumnType<Date, Date | string, Date | string>;
}

/**
 * One row per live story, for full-text search (projections/search). `document` is generated
 * by PostgreSQL from `tags_text` (weight A) and `texts` (weight B): never written, only matched.
 */
export interface StorySearchTable {
  story_id: string;
  /** The story's tags, space separated. */
  tags_text: string;
  /** Every slide's text, one per line. */
  texts: string;
  /** The opening words of the first text, as the locked card shows them (domain teaser). */
  teaser: string;
  document: ColumnType<string, never, never>;
  /** Generated from `tags_text` (A) and `teaser` (B): what a premium story not unlocked matches on. */
  card_document: ColumnType<string, never, never>;
  is_premium: boolean;
  /** General, Mature or Explicit: an Explicit story matches on its card until the searcher is assured. */
  rating: ColumnType<StoryRatingId, StoryRatingId | undefined, StoryRatingId>;
  published_at: ColumnType<Date, Date | string, never>;
  /** Global position of StoryPublished: newest first among equally ranked matches. */
  position: ColumnType<number, number, never>;
}

/** One row: the position of the last event that changed story_search (a search's cache key). */
export interface StorySearchVersionTable {
  one_row: ColumnType<boolean, never, never>;
  changed_at: ColumnType<number, number, number>;
}

/** Staff members (projections/staff), for the owner's list in the panel; removed ones stay, marked. */
export interface StaffTable {
  staff_id: string;
  /** Null when the address can no longer be read (its key destroyed). */
  email: string | null;
  role: string;
  status: 'invited' | 'active' | 'removed';
  password_set: boolean;
  second_factor: 'pending' | 'enrolled';
  recovery_codes_left: number;
  invited_at: ColumnType<Date, Date | string, Date | string>;
  last_login_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
}

export interface ReadModel {
  projection_checkpoints: CheckpointsTable;
  users: UsersTable;
  sessions: SessionsTable;
  monthly_stats: MonthlyStatsTable;
  monthly_premium_users: MonthlyPremiumUsersTable;
  pending_payments: PendingPaymentsTable;
  purchases: PurchasesTable;
  payment_notices: PaymentNoticesTable;
  revenue_days: RevenueDaysTable;
  reconciliations: ReconciliationsTable;
  age_assurance_days: AgeAssuranceDaysTable;
  age_visitor_checks: AgeVisitorChecksTable;
  premium_grants: PremiumGrantsTable;
  stories: StoriesTable;
  story_deletions: StoryDeletionsTable;
  story_images: StoryImagesTable;
  premium_unlocks: PremiumUnlocksTable;
  tags: TagsTable;
  hidden_warnings: HiddenWarningsTable;
  reading_settings: ReadingSettingsTable;
  age_assurances: AgeAssurancesTable;
  story_search: StorySearchTable;
  premium_ledger: PremiumLedgerTable;
  story_search_version: StorySearchVersionTable;
  reading: ReadingTable;
  reading_owners: ReadingOwnersTable;
  staff: StaffTable;
  moderation_reports: ModerationReportsTable;
  moderation_appeals: ModerationAppealsTable;
  moderation_decisions: ModerationDecisionsTable;
  user_counts: UserCountsTable;
  creators: CreatorsTable;
  follows: FollowsTable;
  creator_notifications: CreatorNotificationsTable;
  notification_reads: NotificationReadsTable;
  studio_daily: StudioDailyTable;
  studio_readers: StudioReadersTable;
  drafts: DraftsTable;
  email_digest_members: EmailDigestMembersTable;
}

/** A member who asked for the daily e-mail digest (projections/digest); no row: off. */
export interface EmailDigestMembersTable {
  user_key: string;
}

/** One row (id 1): how many live accounts, verified and premium members (the admin panel's figures). */
export interface UserCountsTable {
  id: number;
  total: ColumnType<number, number, number>;
  verified: ColumnType<number, number, number>;
  premium_members: ColumnType<number, number, number>;
}

/** One report of a story (projections/moderation); `outcome` null while it is open. */
export interface ModerationReportsTable {
  report_id: string;
  story_id: string;
  reason: string;
  /**
   * What the reporter wrote: the sealed value (opened when staff read the queue), plain text
   * from a report recorded before texts were sealed, '' for none; null once the reporter's
   * account is erased.
   */
  text: string | null;
  reporter_kind: 'member' | 'visitor';
  /** The reporting member's account key (its erasure removes the text); null for a visitor. */
  reporter_user_key: string | null;
  reported_at: ColumnType<Date, Date | string, never>;
  position: ColumnType<number, number, never>;
  outcome: string | null;
}

/** A publishing account's appeal of a hide or delete; `outcome` null while it is open. */
export interface ModerationAppealsTable {
  appeal_id: string;
  story_id: string;
  /** As a report's text: sealed, plain from before texts were sealed, null once the account is erased. */
  text: string | null;
  /** The publishing account that appealed. */
  user_key: string | null;
  appealed_at: ColumnType<Date, Date | string, never>;
  position: ColumnType<number, number, never>;
  outcome: string | null;
}

/** Who decided what about a story, when and why: the story's moderation history. */
export interface ModerationDecisionsTable {
  decision_id: string;
  story_id: string;
  action: string;
  reason: string;
  /** The event's actor (an admin session, later a staff member). */
  decided_by: ColumnType<Record<string, unknown>, string, string>;
  decided_at: ColumnType<Date, Date | string, never>;
  position: ColumnType<number, number, never>;
  reports_closed: number;
  appeal_closed: boolean;
}
