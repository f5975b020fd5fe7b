import { adminAuthentication, documentationOnlySchemas } from '@nocturne/http-kit';
import type { FastifyPluginAsync } from 'fastify';
import { ageAssuranceStatsRoutes } from './admin/age-assurances';
import { eventBrowserRoutes } from './admin/audit/event-browser-routes';
import { auditReconciliationRoutes } from './admin/audit/reconciliations-route';
import { auditTimelineRoutes } from './admin/audit/timeline-route';
import { userHistoryRoutes } from './admin/history/user-history-route';
import { listUsersRoutes } from './admin/list-users';
import { monthlyStatsRoutes } from './admin/monthly-stats';
import { paymentQueueRoutes } from './admin/payment-queue';
import { pendingPaymentsRoutes } from './admin/pending-payments';
import { revenueRoutes } from './admin/revenue';
import { ageAssuranceMethodsRoutes } from './age-assurance/methods-route';
import { privateUnlessPublic } from './cache-policy';
import { creatorRoutes } from './creators/creator-routes';
import type { QueryApiDeps } from './deps';
import { emailDigestRoutes } from './digest/email-digest-routes';
import { draftRoutes } from './drafts/draft-routes';
import { serveImageRoutes } from './images/serve-image';
import { integrityStatusRoutes } from './integrity/integrity-status-route';
import { labelsRoutes } from './labels/labels-routes';
import { moderationRoutes } from './moderation/moderation-routes';
import { paymentNoticeRoutes } from './payments/payment-notice-route';
import { purchaseStatusRoutes } from './payments/purchase-status-route';
import { myPremiumRoutes } from './premium/my-premium-routes';
import { paymentSettingsRoutes } from './purchase/payment-settings';
import { readYourWrites } from './read-your-writes';
import { libraryRoutes } from './reading/library-route';
import { progressRoutes } from './reading/progress-route';
import { readingSettingsRoutes } from './reading-settings/reading-settings-routes';
import { searchRoutes } from './search/search-route';
import { siteInfoRoutes } from './site/site-info';
import { listStaffRoutes } from './staff/list-staff';
import { premiumMembersRoutes } from './stats/premium-members';
import { getStoryRoutes } from './stories/get-story';
import { listStoriesRoutes } from './stories/list-stories';
import { studioRoutes } from './studio/studio-route';
import { meRoutes } from './users/me';

/**
 * query-api: every GET/HEAD /api route, over the read models. Never appends events (the one
 * exception, the premium unlock, goes through a port to command-api).
 */
export const queryApi: FastifyPluginAsync<QueryApiDeps> = async (app, deps) => {
  // The routes' zod schemas document them (GET /api/openapi.json); the handlers validate.
  documentationOnlySchemas(app);
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (methods.some((m) => m !== 'GET' && m !== 'HEAD')) {
      throw new Error(
        `query-api must not serve ${methods.join(',')} ${route.url} (other methods are command-api's)`,
      );
    }
  });
  privateUnlessPublic(app);
  await app.register(adminAuthentication(deps.adminAuth));
  readYourWrites(app, deps.consistency);
  await app.register(meRoutes, deps);
  await app.register(listStoriesRoutes, deps);
  await app.register(getStoryRoutes, deps);
  await app.register(searchRoutes, deps);
  await app.register(progressRoutes, deps);
  await app.register(libraryRoutes, deps);
  await app.register(serveImageRoutes, deps);
  await app.register(siteInfoRoutes, deps);
  await app.register(listUsersRoutes, deps);
  await app.register(listStaffRoutes, deps);
  await app.register(monthlyStatsRoutes, deps);
  await app.register(pendingPaymentsRoutes, deps);
  await app.register(paymentQueueRoutes, deps);
  await app.register(revenueRoutes, deps);
  await app.register(ageAssuranceStatsRoutes, deps);
  await app.register(userHistoryRoutes, deps);
  await app.register(auditTimelineRoutes, deps);
  await app.register(auditReconciliationRoutes, deps);
  await app.register(eventBrowserRoutes, deps);
  await app.register(premiumMembersRoutes, deps);
  await app.register(paymentSettingsRoutes, deps);
  await app.register(paymentNoticeRoutes, deps);
  await app.register(purchaseStatusRoutes, deps);
  await app.register(labelsRoutes, deps);
  await app.register(readingSettingsRoutes, deps);
  await app.register(myPremiumRoutes, deps);
  await app.register(moderationRoutes, deps);
  await app.register(integrityStatusRoutes, deps);
  await app.register(creatorRoutes, deps);
  await app.register(studioRoutes, deps);
  await app.register(draftRoutes, deps);
  await app.register(emailDigestRoutes, deps);
  await app.register(ageAssuranceMethodsRoutes, deps);
};
