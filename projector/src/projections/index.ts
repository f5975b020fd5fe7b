import type { Projection } from '../runner/projection';
import { ageAssuranceDaysProjection } from './age-assurance/age-assurance-days-projection';
import { ageAssurancesProjection } from './age-assurance/age-assurances-projection';
import { creatorsProjection } from './creators/creators-projection';
import { emailDigestProjection } from './digest/email-digest-projection';
import { draftsProjection } from './drafts/drafts-projection';
import { hiddenWarningsProjection } from './labels/hidden-warnings-projection';
import { tagsProjection } from './labels/tags-projection';
import { moderationProjection } from './moderation/moderation-projection';
import { monthlyStatsProjection } from './monthly-stats/monthly-stats-projection';
import { paymentNoticesProjection } from './payments/payment-notices-projection';
import { reconciliationsProjection } from './payments/reconciliations-projection';
import { revenueProjection } from './payments/revenue-projection';
import { premiumGrantsProjection } from './premium/premium-grants-projection';
import { premiumLedgerProjection } from './premium/premium-ledger-projection';
import { pendingPaymentsProjection } from './purchase/pending-payments-projection';
import { readingProjection } from './reading/reading-projection';
import { readingSettingsProjection } from './reading-settings/reading-settings-projection';
import { storySearchProjection } from './search/story-search-projection';
import { staffProjection } from './staff/staff-projection';
import { premiumUnlocksProjection } from './stories/premium-unlocks-projection';
import { storiesProjection } from './stories/stories-projection';
import { studioProjection } from './studio/studio-projection';
import { usersProjection } from './users/users-projection';

/** Every read-model projection. A feature adds its projection here, one line. */
export const projections: readonly Projection[] = [
  storiesProjection,
  premiumUnlocksProjection,
  monthlyStatsProjection,
  pendingPaymentsProjection,
  paymentNoticesProjection,
  revenueProjection,
  reconciliationsProjection,
  premiumLedgerProjection,
  premiumGrantsProjection,
  usersProjection,
  tagsProjection,
  hiddenWarningsProjection,
  storySearchProjection,
  readingProjection,
  staffProjection,
  moderationProjection,
  creatorsProjection,
  studioProjection,
  draftsProjection,
  emailDigestProjection,
  readingSettingsProjection,
  ageAssurancesProjection,
  ageAssuranceDaysProjection,
];
