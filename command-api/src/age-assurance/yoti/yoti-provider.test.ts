import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalYoti, startLocalYoti } from './local-yoti';
import { HostedProviderUnavailable, outcomeOf, type YotiSettings, yotiProvider } from './yoti-provider';

let yoti: LocalYoti;
let receiver: FastifyInstance;
let receiverUrl: string;
const received: unknown[] = [];

beforeAll(async () => {
  yoti = await startLocalYoti();
  receiver = Fastify();
  receiver.post('/notifications', async (request) => {
    received.push(request.body);
    return {};
  });
  receiverUrl = await receiver.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await yoti.stop();
  await receiver.close();
});

const settings = (overrides: Partial<YotiSettings> = {}): YotiSettings => ({
  apiUrl: yoti.url,
  sdkId: yoti.sdkId,
  apiKey: yoti.apiKey,
  notificationPublicKey: yoti.publicKeyPem,
  estimationThreshold: 25,
  ...overrides,
});

const check = () => ({
  checkId: 'chk_random',
  returnUrl: 'https://stories.example/age-assurance/return?check=chk_random',
  notificationUrl: `${receiverUrl}/notifications`,
});

describe('the Yoti adapter, through a stand-in speaking its wire', () => {
  it('creates an OVER session at 18 (estimation at its buffer), naming nobody, and sends the visitor to its user view', async () => {
    const provider = yotiProvider(settings());
    const { session, redirect } = await provider.start(check());
    const asked = yoti.sessions.get(session)!.request;
    expect(asked.type).toBe('OVER');
    expect(asked.doc_scan?.threshold).toBe(18);
    expect(asked.digital_id?.threshold).toBe(18);
    expect(asked.age_estimation).toMatchObject({ threshold: 25, level: 'PASSIVE' });
    expect(asked.reference_id).toBe('chk_random');
    expect(asked.callback).toEqual({ auto: true, url: check().returnUrl });
    expect(JSON.stringify(asked)).not.toMatch(/stor(y|ies)\/|user|@/);
    expect(redirect).toBe(`${yoti.url}/?sessionId=${session}&sdkId=${yoti.sdkId}`);
    expect(await provider.outcome(session)).toEqual({ status: 'pending' });
  });

  it('reads a session finished at 18 or over as assured, and its signed notification as its', async () => {
    const provider = yotiProvider(settings());
    const { session } = await provider.start(check());
    await yoti.finish(session, true);
    expect(await provider.outcome(session)).toEqual({ status: 'assured' });
    const notification = received.find((n) => (n as { session_key: string }).session_key === session);
    expect(provider.readNotification(notification)).toEqual({ session, checkId: 'chk_random' });
  });

  it('reads a session the user failed (under 18) as refused, with a detail', async () => {
    const provider = yotiProvider(settings());
    const { session } = await provider.start(check());
    await yoti.finish(session, false);
    expect(await provider.outcome(session)).toEqual({
      status: 'refused',
      reason: 'hosted_failed',
      detail: 'The check did not show that you are 18 or over.',
    });
  });

  it('refuses a notification whose signature is not the provider key', async () => {
    const provider = yotiProvider(settings());
    const { session } = await provider.start(check());
    await yoti.finish(session, true);
    const genuine = yoti.signedNotification(session);
    // Another session's id under this signature, or a key the adapter does not trust.
    expect(provider.readNotification({ ...genuine, session_key: 'another-session' })).toBeNull();
    expect(provider.readNotification({ ...genuine, reference_id: 'another-check' })).toBeNull();
    expect(
      provider.readNotification({ ...genuine, signature: Buffer.from('forged').toString('base64') }),
    ).toBeNull();
    expect(provider.readNotification({ ...genuine, signature: undefined })).toBeNull();
    const other = await startLocalYoti({ sdkId: yoti.sdkId, apiKey: yoti.apiKey });
    try {
      expect(
        yotiProvider(settings({ notificationPublicKey: other.publicKeyPem })).readNotification(genuine),
      ).toBeNull();
    } finally {
      await other.stop();
    }
    // The sequence number is not signed: a retry of the same notification is still Yoti's.
    expect(provider.readNotification({ ...genuine, sequence_number: 7 })).toEqual({
      session,
      checkId: 'chk_random',
    });
  });

  it('says the provider is unavailable when it does not answer, or refuses our keys', async () => {
    await expect(
      yotiProvider(settings({ apiUrl: 'http://127.0.0.1:9' })).start(check()),
    ).rejects.toBeInstanceOf(HostedProviderUnavailable);
    await expect(yotiProvider(settings({ apiKey: 'wrong' })).start(check())).rejects.toThrow(
      /refused this site/,
    );
  });

  it('believes a COMPLETE only for an OVER session of this account whose method checked at least 18', () => {
    const base = { id: 's', sdk_id: 'sdk', type: 'OVER', status: 'COMPLETE', method: 'DOC_SCAN' };
    expect(outcomeOf({ ...base, doc_scan: { threshold: 18 } }, { sdkId: 'sdk' })).toEqual({
      status: 'assured',
    });
    expect(outcomeOf({ ...base, doc_scan: { threshold: 16 } }, { sdkId: 'sdk' }).status).toBe('refused');
    expect(outcomeOf({ ...base, type: 'UNDER', doc_scan: { threshold: 18 } }, { sdkId: 'sdk' }).status).toBe(
      'refused',
    );
    expect(outcomeOf({ ...base, doc_scan: { threshold: 18 } }, { sdkId: 'other' }).status).toBe('refused');
    expect(outcomeOf({ ...base, status: 'IN_PROGRESS' }, { sdkId: 'sdk' })).toEqual({ status: 'pending' });
    expect(outcomeOf({ ...base, status: 'SOMETHING_NEW' }, { sdkId: 'sdk' })).toEqual({ status: 'pending' });
    expect(outcomeOf({ ...base, status: 'ERROR' }, { sdkId: 'sdk' }).status).toBe('refused');
  });
});
