import type { Migration } from 'kysely';
import * as core from './0001-core';
import * as stories from './0002-stories';
import * as storiesAccess from './0002-stories-access';
import * as users from './0003-users';
import * as purchasesAndGrowth from './0005-purchases-and-growth';
import * as projectionStops from './0006-projection-stops';
import * as storyCards from './0007-story-cards';
import * as library from './0008-library';
import * as labels from './0009-labels';
import * as storySearch from './0010-story-search';
import * as premiumLedger from './0011-premium-ledger';
import * as storyChanges from './0012-story-changes';
import * as staff from './0013-staff';
import * as moderation from './0014-moderation';
import * as readingByAccount from './0015-reading-by-account';
import * as searchByCard from './0016-search-by-card';
import * as erasedPremiumGrants from './0017-erased-subscribers';
import * as boundedReads from './0018-bounded-reads';
import * as creators from './0019-creators';
import * as studio from './0020-studio';
import * as adminPages from './0021-admin-pages';
import * as emailDigest from './0022-email-digest';
import * as drafts from './0023-drafts';
import * as premiumMemberNames from './0024-premium-member-names';
import * as unlockReturns from './0025-unlock-returns';
import * as searchNewest from './0026-search-newest';
import * as moderationRemovals from './0027-moderation-removals';
import * as paymentFlags from './0028-payment-flags';
import * as processorPayments from './0029-processor-payments';
import * as revenue from './0030-revenue';
import * as storyRatings from './0031-story-ratings';
import * as readingSettings from './0032-reading-settings';
import * as ageAssurances from './0033-age-assurances';
import * as ageAssuranceDays from './0034-age-assurance-days';
import * as reconciliations from './0035-reconciliations';
import * as sealedModerationTexts from './0036-sealed-moderation-texts';
import * as visitorAgeAssurances from './0037-visitor-age-assurances';
import * as usersByAccount from './0038-users-by-account';
import * as searchCardOfExplicit from './0039-search-card-of-explicit';

/**
 * Every read-model migration, in order. A feature adds its file and one line here.
 * Names sort: the kysely Migrator applies them in key order.
 */
export const migrations: Record<string, Migration> = {
  '0001-core': core,
  '0002-stories': stories,
  '0002-stories-access': storiesAccess,
  '0003-users': users,
  '0005-purchases-and-growth': purchasesAndGrowth,
  '0006-projection-stops': projectionStops,
  '0007-story-cards': storyCards,
  '0009-labels': labels,
  '0010-story-search': storySearch,
  '0011-premium-ledger': premiumLedger,
  '0012-story-changes': storyChanges,
  '0013-staff': staff,
  '0014-moderation': moderation,
  '0015-reading-by-account': readingByAccount,
  '0016-search-by-card': searchByCard,
  '0017-erased-subscribers': erasedPremiumGrants,
  '0018-bounded-reads': boundedReads,
  '0019-creators': creators,
  '0020-studio': studio,
  '0021-admin-pages': adminPages,
  '0023-drafts': drafts,
  '0022-email-digest': emailDigest,
  '0008-library': library,
  '0024-premium-member-names': premiumMemberNames,
  '0025-unlock-returns': unlockReturns,
  '0026-search-newest': searchNewest,
  '0027-moderation-removals': moderationRemovals,
  '0028-payment-flags': paymentFlags,
  '0029-processor-payments': processorPayments,
  '0030-revenue': revenue,
  '0031-story-ratings': storyRatings,
  '0032-reading-settings': readingSettings,
  '0033-age-assurances': ageAssurances,
  '0034-age-assurance-days': ageAssuranceDays,
  '0035-reconciliations': reconciliations,
  '0036-sealed-moderation-texts': sealedModerationTexts,
  '0037-visitor-age-assurances': visitorAgeAssurances,
  '0038-users-by-account': usersByAccount,
  '0039-search-card-of-explicit': searchCardOfExplicit,
};
