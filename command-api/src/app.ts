import { adminAuthentication, documentationOnlySchemas, requireStorableText } from '@nocturne/http-kit';
import type { FastifyPluginAsync } from 'fastify';
import { deleteUserRoutes } from './admin/delete-user';
import { resendVerificationRoutes } from './admin/resend-verification';
import { validateAdminRoutes } from './admin/validate-admin';
import { ageCheckRoutes } from './age-assurance/age-check-routes';
import { hostedNotificationRoutes } from './age-assurance/hosted/hosted-notification-route';
import { walletResponseRoutes } from './age-assurance/wallet/wallet-response-route';
import { creatorRoutes } from './creators/creator-routes';
import type { CommandApiDeps } from './deps';
import { digestRoutes } from './digest/digest-routes';
import { checkDiscountRoutes } from './discounts/check-discount';
import { ownStoryRoutes } from './drafts/own-story-routes';
import { integrityRoutes } from './integrity/integrity-routes';
import { checkInviteRoutes } from './invites/check-invite';
import { changeStoryLabelsRoutes } from './labels/change-story-labels';
import { hiddenWarningsRoutes } from './labels/hidden-warnings';
import { tagRoutes } from './labels/tag-routes';
import { appealDecisionRoutes } from './moderation/appeal-decision';
import { moderateStoryRoutes } from './moderation/moderate-story';
import { reportStoryRoutes } from './moderation/report-story';
import { ccbillWebhookRoutes } from './payments/ccbill/ccbill-webhook-route';
import { internalNoticeRoutes } from './payments/internal-notice-route';
import { startPurchaseRoutes } from './payments/start-purchase';
import { grantPremiumRoutes } from './premium/grant-route';
import { internalUnlockRoutes } from './premium/internal-unlock-route';
import { confirmPaymentRoutes } from './purchase/confirm-payment';
import { readingRoutes } from './reading/reading-routes';
import { readingSettingsRoutes } from './reading-settings/reading-settings-routes';
import { idempotencyKeyOf } from './shared/context';
import { neverStored } from './shared/never-stored';
import { staffAdminRoutes } from './staff/staff-admin-routes';
import { staffInvitationRoutes } from './staff/staff-invitation-routes';
import { staffLoginRoutes } from './staff/staff-login';
import { deleteStoryRoutes } from './stories/delete-story';
import { likeStoryRoutes } from './stories/like-story';
import { publishStoryRoutes } from './stories/publish-story';
import { viewStoryRoutes } from './stories/view-story';
import { accountRoutes } from './users/accounts';
import { joinWaitlistRoutes } from './waitlist/join-waitlist';

/**
 * command-api: every non-GET /api route. Feature plugins are registered here, one line each.
 * It appends events and never writes read models.
 */
export const commandApi: FastifyPluginAsync<CommandApiDeps> = async (app, deps) => {
  // The routes' zod schemas document them (GET /api/openapi.json); the handlers validate.
  documentationOnlySchemas(app);
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (methods.some((m) => m === 'GET' || m === 'HEAD')) {
      throw new Error(
        `command-api must not serve ${methods.join(',')} ${route.url} (GET and HEAD are query-api's)`,
      );
    }
  });
  // Text the event store cannot hold (NUL, an unpaired surrogate) is refused at the edge, in any
  // field of any command, before a handler decides (multipart texts: publish-story.ts).
  app.addHook('preValidation', async (request) => {
    requireStorableText(request.params);
    requireStorableText(request.query);
    requireStorableText(request.body);
  });
  // A malformed Idempotency-Key is refused before anything is done (context.ts).
  app.addHook('onRequest', async (request) => {
    idempotencyKeyOf(request.headers);
  });
  neverStored(app);
  await app.register(adminAuthentication(deps.adminAuth));
  await app.register(accountRoutes, deps);
  await app.register(likeStoryRoutes, deps);
  await app.register(publishStoryRoutes, deps);
  await app.register(ownStoryRoutes, deps);
  await app.register(viewStoryRoutes, deps);
  await app.register(deleteStoryRoutes, deps);
  await app.register(readingRoutes, deps);
  await app.register(digestRoutes, deps);
  // Split mode only: in one process query-api calls the unlocker directly, so the route need not exist.
  if (deps.options.internalToken) {
    await app.register(internalUnlockRoutes, deps);
    await app.register(internalNoticeRoutes, deps);
  }
  await app.register(validateAdminRoutes, deps);
  await app.register(confirmPaymentRoutes, deps);
  await app.register(startPurchaseRoutes, deps);
  await app.register(ccbillWebhookRoutes, deps);
  await app.register(checkDiscountRoutes, deps);
  await app.register(checkInviteRoutes, deps);
  await app.register(joinWaitlistRoutes, deps);
  await app.register(ageCheckRoutes, deps);
  await app.register(walletResponseRoutes, deps);
  await app.register(hostedNotificationRoutes, deps);
  await app.register(grantPremiumRoutes, deps);
  await app.register(resendVerificationRoutes, deps);
  await app.register(deleteUserRoutes, deps);
  await app.register(tagRoutes, deps);
  await app.register(changeStoryLabelsRoutes, deps);
  await app.register(hiddenWarningsRoutes, deps);
  await app.register(readingSettingsRoutes, deps);
  await app.register(staffAdminRoutes, deps);
  await app.register(staffInvitationRoutes, deps);
  await app.register(staffLoginRoutes, deps);
  await app.register(reportStoryRoutes, deps);
  await app.register(moderateStoryRoutes, deps);
  await app.register(appealDecisionRoutes, deps);
  await app.register(integrityRoutes, deps);
  await app.register(creatorRoutes, deps);
};
