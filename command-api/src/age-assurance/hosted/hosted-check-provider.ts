import { type AgeCheckProvider, checkReturnUrl, ProviderUnavailable } from '../age-check-provider';
import { type HostedAgeProvider, HostedProviderUnavailable } from '../yoti/yoti-provider';

/** Where a hosted provider posts its notifications: one endpoint for every check. */
export const notificationUrlOf = (publicUrl: string) =>
  `${publicUrl.replace(/\/+$/, '')}/api/age-assurance/notifications`;

/**
 * A hosted provider (Yoti's age verification) as the check flow starts it: a session for the
 * check, told the check's id, our return page and our notification endpoint (never the member
 * or the story); the session's id is kept on the check to ask its result by. A provider that
 * does not answer is ProviderUnavailable: the start route answers 503 and the screen offers the
 * other methods.
 */
export function hostedCheckProvider(adapter: HostedAgeProvider, publicUrl: string): AgeCheckProvider {
  return {
    method: 'hosted',
    provider: adapter.provider,
    label: adapter.label,
    async start({ checkId }) {
      try {
        const session = await adapter.start({
          checkId,
          returnUrl: checkReturnUrl(publicUrl, checkId),
          notificationUrl: notificationUrlOf(publicUrl),
        });
        return { redirect: session.redirect, reference: session.session };
      } catch (error) {
        if (error instanceof HostedProviderUnavailable) throw new ProviderUnavailable(error.message);
        throw error;
      }
    },
  };
}
