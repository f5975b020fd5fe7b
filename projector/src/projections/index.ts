import type { Projection } from '../runner/projection';
import { monthlyStatsProjection } from './monthly-stats/monthly-stats-projection';
import { pendingPaymentsProjection } from './payments/pending-payments-projection';
import { readingProjection } from './reading/reading-projection';
import { premiumUnlocksProjection } from './stories/premium-unlocks-projection';
import { storiesProjection } from './stories/stories-projection';
import { premiumGrantsProjection } from './subscribers/premium-grants-projection';
import { usersProjection } from './users/users-projection';

/** Every read-model projection. A feature adds its projection here, one line. */
export const projections: readonly Projection[] = [
  storiesProjection,
  premiumUnlocksProjection,
  monthlyStatsProjection,
  pendingPaymentsProjection,
  premiumGrantsProjection,
  usersProjection,
  readingProjection,
];
