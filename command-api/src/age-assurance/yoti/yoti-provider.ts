import { constants, createPublicKey, createVerify, type KeyObject } from 'node:crypto';
import {
  YOTI_FINISHED,
  type YotiMethodKey,
  YotiNotification,
  YotiSessionCreated,
  type YotiSessionRequest,
  YotiSessionResult,
  yotiHeaders,
  yotiSignedBytes,
} from './yoti-wire';

/** YOTI_* settings: where the API is, the account's keys, and the key Yoti signs notifications with. */
export interface YotiSettings {
  /** YOTI_API_URL: https://age.yoti.com, or the local stand-in. */
  apiUrl: string;
  /** YOTI_SDK_ID. */
  sdkId: string;
  /** YOTI_API_KEY: never logged, never sent anywhere but Yoti. */
  apiKey: string;
  /** YOTI_NOTIFICATION_PUBLIC_KEY: the PEM of the key Yoti signs notifications with. */
  notificationPublicKey: string;
  /** YOTI_ESTIMATION_THRESHOLD: the age facial estimation must see (a buffer above 18). */
  estimationThreshold: number;
  /** How long a call to Yoti may take before it counts as not answering. */
  timeoutMs?: number;
  /**
   * The name recorded in `AgeAssured`: `yoti`, or `local-yoti` for the stand-in `npm start` runs
   * when asked (AGE_HOSTED=local), so that staff never count a test's check as Yoti's.
   */
  provider?: 'yoti' | 'local-yoti';
}

/** The age the product checks for: every method a session offers checks at least this. */
export const ADULT_AGE = 18;
/** How long the visitor has on Yoti's pages before the session lapses. */
const SESSION_TTL_SECONDS = 900;

/** Yoti did not answer, answered with an error, or refused our keys: the visitor is offered the other methods. */
export class HostedProviderUnavailable extends Error {
  override readonly name = 'HostedProviderUnavailable';
}

/** Why a finished hosted session did not assure: recorded on the check, counted in the metrics. */
export type HostedRefusal = 'hosted_failed' | 'hosted_cancelled' | 'hosted_error' | 'hosted_unconfirmed';

/** What the reader is told for each. */
export const hostedRefusalDetails: Record<HostedRefusal, string> = {
  hosted_failed: 'The check did not show that you are 18 or over.',
  hosted_cancelled: 'The check was cancelled.',
  hosted_error: 'The provider could not tell your age. Try again, or another method.',
  hosted_unconfirmed: 'The provider did not confirm an age of 18 or over.',
};

/** What a hosted check has come to, as the check flow reads it. */
export type HostedOutcome =
  | { status: 'pending' }
  | { status: 'assured' }
  | { status: 'refused'; reason: HostedRefusal; detail: string };

const refused = (reason: HostedRefusal): HostedOutcome => ({
  status: 'refused',
  reason,
  detail: hostedRefusalDetails[reason],
});

/** A session started for one check: where to send the visitor, and the provider's id to ask about. */
export interface HostedSession {
  session: string;
  redirect: string;
}

/**
 * The hosted provider as the check flow uses it: start a session for a check (the provider
 * learns a random check id and our return address, never a member or a story), read its outcome,
 * and read a notification it posts (null when its signature is not the provider's).
 */
export interface HostedAgeProvider {
  /** The name stored in AgeAssured (`yoti`, or `local-yoti` for the stand-in). */
  provider: string;
  /** What the assurance screen offers it as. */
  label: string;
  start(check: { checkId: string; returnUrl: string; notificationUrl: string }): Promise<HostedSession>;
  outcome(session: string): Promise<HostedOutcome>;
  /**
   * The session a genuine notification is about, and the check it was started for (the
   * `reference_id` we gave, inside the signed payload); null when the signature is not Yoti's.
   */
  readNotification(body: unknown): { session: string; checkId: string | null } | null;
}

/** Which methods a session offers: each checks 18, facial estimation its buffer above it. */
export function yotiSessionRequest(
  settings: Pick<YotiSettings, 'estimationThreshold'>,
  check: { checkId: string; returnUrl: string; notificationUrl: string },
): YotiSessionRequest {
  return {
    type: 'OVER',
    age_estimation: {
      allowed: true,
      threshold: settings.estimationThreshold,
      level: 'PASSIVE',
      retry_limit: 1,
    },
    digital_id: { allowed: true, threshold: ADULT_AGE, level: 'NONE', retry_limit: 1 },
    doc_scan: { allowed: true, threshold: ADULT_AGE, level: 'PASSIVE', retry_limit: 1 },
    credit_card: { allowed: true, threshold: ADULT_AGE, level: 'NONE', retry_limit: 1 },
    ttl: SESSION_TTL_SECONDS,
    // A random id of ours: it tells Yoti nothing about who asked, or for which story.
    reference_id: check.checkId,
    callback: { auto: true, url: check.returnUrl },
    notification_url: check.notificationUrl,
    cancel_url: check.returnUrl,
  };
}

/** What a finished session's result means for the check. */
export function outcomeOf(result: YotiSessionResult, settings: Pick<YotiSettings, 'sdkId'>): HostedOutcome {
  if (!(YOTI_FINISHED as readonly string[]).includes(result.status)) return { status: 'pending' };
  if (result.status === 'FAIL') return refused('hosted_failed');
  if (result.status === 'CANCELLED') return refused('hosted_cancelled');
  if (result.status === 'ERROR') return refused('hosted_error');
  // COMPLETE: believed only for an OVER session of ours whose method checked at least 18.
  const method = (result.method ?? '').toLowerCase() as YotiMethodKey;
  const threshold = result[method]?.threshold ?? result.age;
  if (
    result.type !== 'OVER' ||
    (result.sdk_id !== undefined && result.sdk_id !== settings.sdkId) ||
    threshold === undefined ||
    threshold < ADULT_AGE
  ) {
    return refused('hosted_unconfirmed');
  }
  return { status: 'assured' };
}

/** The provider's public key, read once; a key that is not a PEM stops the start. */
export function notificationKeyOf(pem: string): KeyObject {
  return createPublicKey(pem);
}

/** The notification, if its signature is Yoti's (RSA-PSS, SHA-256, over the documented bytes). */
export function verifiedYotiNotification(key: KeyObject, body: unknown): YotiNotification | null {
  const parsed = YotiNotification.safeParse(body);
  if (!parsed.success) return null;
  const verifier = createVerify('RSA-SHA256');
  verifier.update(yotiSignedBytes(body as Record<string, unknown>));
  try {
    const ok = verifier.verify(
      { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: constants.RSA_PSS_SALTLEN_AUTO },
      Buffer.from(parsed.data.signature, 'base64'),
    );
    return ok ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The Yoti adapter: its sessions API over HTTPS, with the account's keys. */
export function yotiProvider(settings: YotiSettings, fetchImpl: typeof fetch = fetch): HostedAgeProvider {
  const base = settings.apiUrl.replace(/\/$/, '');
  const key = notificationKeyOf(settings.notificationPublicKey);
  const timeoutMs = settings.timeoutMs ?? 5_000;

  const call = async (path: string, init: { method: 'GET' | 'POST'; body?: unknown }): Promise<unknown> => {
    let response: Response;
    try {
      response = await fetchImpl(`${base}${path}`, {
        method: init.method,
        headers: yotiHeaders(settings.sdkId, settings.apiKey),
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
    } catch {
      throw new HostedProviderUnavailable('The age check provider did not answer.');
    }
    if (response.status === 401 || response.status === 403) {
      throw new HostedProviderUnavailable(
        'The age check provider refused this site (its keys are not accepted).',
      );
    }
    if (!response.ok) {
      throw new HostedProviderUnavailable(`The age check provider answered ${response.status}.`);
    }
    try {
      return await response.json();
    } catch {
      throw new HostedProviderUnavailable('The age check provider sent an answer that is not JSON.');
    }
  };

  const provider = settings.provider ?? 'yoti';
  return {
    provider,
    label:
      provider === 'local-yoti'
        ? 'Local age check (Yoti stand-in)'
        : 'Yoti: your face, an ID document, a digital ID or a card',
    async start(check) {
      const answer = YotiSessionCreated.safeParse(
        await call('/api/v1/sessions', { method: 'POST', body: yotiSessionRequest(settings, check) }),
      );
      if (!answer.success) throw new HostedProviderUnavailable('The age check provider sent no session.');
      const view = new URL(`${base}/`);
      view.searchParams.set('sessionId', answer.data.id);
      view.searchParams.set('sdkId', settings.sdkId);
      return { session: answer.data.id, redirect: view.toString() };
    },
    async outcome(session) {
      const answer = YotiSessionResult.safeParse(
        await call(`/api/v1/sessions/${encodeURIComponent(session)}/result`, { method: 'GET' }),
      );
      if (!answer.success || answer.data.id !== session) {
        throw new HostedProviderUnavailable('The age check provider sent a result that is not this session.');
      }
      return outcomeOf(answer.data, settings);
    },
    readNotification(body) {
      const notification = verifiedYotiNotification(key, body);
      if (!notification) return null;
      return { session: notification.session_key, checkId: notification.reference_id || null };
    },
  };
}
