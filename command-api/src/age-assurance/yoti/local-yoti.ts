import { constants, createSign, generateKeyPairSync, randomUUID, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import {
  YOTI_METHODS,
  type YotiNotification,
  YotiSessionRequest,
  type YotiSessionResult,
  yotiSignedBytes,
} from './yoti-wire';

/**
 * A stand-in for Yoti's Age Verification service that speaks its wire exactly: the sessions API
 * with its bearer key and SDK id, the user view at `/?sessionId=&sdkId=`, the result, and the
 * RSA-PSS-signed notification. Only its address (and the public key it signs with) differ from
 * Yoti's, so the adapter runs unchanged against it in tests and on a laptop.
 */
export interface LocalYoti {
  url: string;
  sdkId: string;
  apiKey: string;
  /** The PEM of the key its notifications are signed with (YOTI_NOTIFICATION_PUBLIC_KEY). */
  publicKeyPem: string;
  /** The sessions it holds, by id (what was asked, and where it stands). */
  sessions: Map<string, LocalYotiSession>;
  /** Finishes a session as a user on its pages would: 18 or over, or not; the notification is sent. */
  finish(sessionId: string, over18: boolean): Promise<void>;
  /** A notification of this session, signed with its key (as it posts them). */
  signedNotification(sessionId: string): YotiNotification;
  stop(): Promise<void>;
}

export interface LocalYotiSession {
  id: string;
  request: YotiSessionRequest;
  status: 'PENDING' | 'COMPLETE' | 'FAIL' | 'CANCELLED';
  method: string | null;
  createdAt: Date;
  expiresAt: Date;
  evidenceId: string | null;
  notifications: number;
}

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startLocalYoti(
  options: { port?: number; host?: string; sdkId?: string; apiKey?: string; clock?: () => Date } = {},
): Promise<LocalYoti> {
  const sdkId = options.sdkId ?? randomUUID();
  const apiKey = options.apiKey ?? randomUUID();
  const clock = options.clock ?? (() => new Date());
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const publicKeyPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const sessions = new Map<string, LocalYotiSession>();
  const app: FastifyInstance = Fastify({ logger: false });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  // As Yoti documents it: 401 for a missing or unknown SDK id, 403 for a wrong API key.
  const authorised = (request: FastifyRequest, reply: FastifyReply): boolean => {
    const sdk = request.headers['yoti-sdk-id'];
    if (typeof sdk !== 'string' || !same(sdk, sdkId)) {
      void reply.status(401).send({ error: 'Missing or unknown SDK ID' });
      return false;
    }
    if (!same(request.headers.authorization ?? '', `Bearer ${apiKey}`)) {
      void reply.status(403).send({ error: 'Incorrect API key' });
      return false;
    }
    return true;
  };

  const resultOf = (session: LocalYotiSession): YotiSessionResult => {
    const methodKey = session.method?.toLowerCase() as (typeof YOTI_METHODS)[number] | undefined;
    const used = methodKey ? session.request[methodKey] : undefined;
    return {
      id: session.id,
      sdk_id: sdkId,
      type: session.request.type,
      status: session.status,
      ...(session.method ? { method: session.method } : {}),
      ...(used?.threshold === undefined ? {} : { age: used.threshold }),
      ...Object.fromEntries(
        YOTI_METHODS.flatMap((m) => (session.request[m] ? [[m, session.request[m]]] : [])),
      ),
      expires_at: session.expiresAt.toISOString(),
    };
  };

  const signedNotification = (sessionId: string): YotiNotification => {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    const methodKey = (session.method ?? 'AGE_ESTIMATION').toLowerCase() as (typeof YOTI_METHODS)[number];
    const payload = {
      method: session.method ?? 'AGE_ESTIMATION',
      result: session.status === 'COMPLETE',
      age: session.request[methodKey]?.threshold ?? 18,
      session_key: session.id,
      reference_id: session.request.reference_id ?? '',
      id: randomUUID(),
      timestamp: Math.floor(clock().getTime() / 1000),
      notification_url: session.request.notification_url ?? '',
      evidence_id: session.evidenceId ?? randomUUID(),
      state: session.status === 'COMPLETE' ? 'COMPLETE' : session.status === 'FAIL' ? 'FAIL' : 'ERROR',
      check_type: session.request[methodKey]?.level ?? 'NONE',
    };
    const signer = createSign('RSA-SHA256');
    signer.update(yotiSignedBytes(payload));
    const signature = signer
      .sign({
        key: privateKey,
        padding: constants.RSA_PKCS1_PSS_PADDING,
        saltLength: constants.RSA_PSS_SALTLEN_MAX_SIGN,
      })
      .toString('base64');
    session.notifications += 1;
    return { ...payload, sequence_number: session.notifications, signature };
  };

  const notify = async (session: LocalYotiSession) => {
    const url = session.request.notification_url;
    if (!url) return;
    const body = JSON.stringify(signedNotification(session.id));
    // Sent again (a few times here) until the relying party answers 200, as Yoti does.
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
          signal: AbortSignal.timeout(5_000),
        });
        if (response.status === 200) return;
      } catch {}
      await new Promise((resolve) => setTimeout(resolve, 200 * (attempt + 1)));
    }
  };

  const finish = async (sessionId: string, over18: boolean) => {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    session.status = over18 ? 'COMPLETE' : 'FAIL';
    session.method = 'AGE_ESTIMATION';
    session.evidenceId = randomUUID();
    await notify(session);
  };

  app.post('/api/v1/sessions', async (request, reply) => {
    if (!authorised(request, reply)) return reply;
    const parsed = YotiSessionRequest.safeParse(request.body);
    if (!parsed.success) return reply.status(400).send({ error: 'Missing field in post body' });
    const now = clock();
    const session: LocalYotiSession = {
      id: randomUUID(),
      request: parsed.data,
      status: 'PENDING',
      method: null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + parsed.data.ttl * 1000),
      evidenceId: null,
      notifications: 0,
    };
    sessions.set(session.id, session);
    return reply.status(200).send({ id: session.id, expires_at: session.expiresAt.toISOString() });
  });

  app.get<{ Params: { id: string } }>('/api/v1/sessions/:id/result', async (request, reply) => {
    if (!authorised(request, reply)) return reply;
    const session = sessions.get(request.params.id);
    if (!session) return reply.status(404).send({ error: 'Session not found' });
    return reply.send(resultOf(session));
  });

  // The user view: here the tester says which way the check goes.
  app.get<{ Querystring: { sessionId?: string; sdkId?: string } }>('/', async (request, reply) => {
    const session = sessions.get(request.query.sessionId ?? '');
    if (!session || request.query.sdkId !== sdkId || session.status !== 'PENDING') {
      return reply
        .status(404)
        .type('text/html')
        .send('<p>This age check session does not exist or has ended.</p>');
    }
    const id = escapeHtml(session.id);
    return reply
      .type('text/html')
      .header('content-security-policy', "default-src 'none'; form-action *; style-src 'unsafe-inline'")
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Local age check (Yoti stand-in)</title></head>
<body><main><h1>Local age check</h1><p>A stand-in for Yoti's age verification: choose the result.</p>
<form method="post" action="/local/finish"><input type="hidden" name="sessionId" value="${id}">
<button name="over18" value="true">I am 18 or over</button> <button name="over18" value="false">I am under 18</button>
<button name="cancel" value="true">Cancel</button></form></main></body></html>`);
  });

  app.post<{ Body: Record<string, string> }>('/local/finish', async (request, reply) => {
    const session = sessions.get(request.body?.sessionId ?? '');
    if (session?.status !== 'PENDING') return reply.status(404).send('This session has ended.');
    if (request.body.cancel === 'true') {
      session.status = 'CANCELLED';
      return reply.redirect(session.request.cancel_url ?? session.request.callback.url, 303);
    }
    await finish(session.id, request.body.over18 === 'true');
    const back = new URL(session.request.callback.url);
    back.searchParams.set('sessionId', session.id);
    return reply.redirect(back.toString(), 303);
  });

  const address = await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  return {
    url: address,
    sdkId,
    apiKey,
    publicKeyPem,
    sessions,
    finish,
    signedNotification,
    stop: () => app.close(),
  };
}
