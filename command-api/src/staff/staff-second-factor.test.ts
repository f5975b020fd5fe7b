import { createHmac } from 'node:crypto';
import { adminHeaders, uniqueEmail } from '@nocturne/test-kit/api-client';
import { enrolStaffMember, logInStaff, totpCode } from '@nocturne/test-kit/staff-api-client';
import { ScureBase32Plugin } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCommandApi, type TestCommandApi } from '../testing/test-command-api';

/**
 * The second factor through command-api on the in-memory store: random secrets, resets. Each
 * block has a system of its own: the invitation routes allow a client 20 requests a minute.
 */
let system: TestCommandApi;

function ownSystem() {
  beforeAll(async () => {
    system = await startTestCommandApi({ exposeVerificationToken: true });
  });
  afterAll(async () => {
    await system?.stop();
  });
}

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${system.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const base32 = new ScureBase32Plugin();

/** What the server could compute from APP_SECRET and what the log holds, the way it once did. */
function derivable(secret: string, logged: string): string[] {
  return ['', 'staff-totp:'].map((prefix) =>
    base32.encode(createHmac('sha256', secret).update(`${prefix}${logged}`).digest().subarray(0, 20)),
  );
}

describe('TOTP secrets', () => {
  ownSystem();
  it('are random: two enrolments give unrelated secrets that APP_SECRET and the event log cannot reproduce', async () => {
    // Given two members enrolled through their invitations
    const first = await enrolStaffMember(system.baseUrl, adminHeaders['X-Admin-Code'], 'moderator');
    const second = await enrolStaffMember(system.baseUrl, adminHeaders['X-Admin-Code'], 'auditor');

    // Then their secrets are 160 bits each, and unrelated
    for (const member of [first, second]) expect(member.totpSecret).toMatch(/^[A-Z2-7]{32}$/);
    expect(first.totpSecret).not.toBe(second.totpSecret);
    const bits = (s: string) => Buffer.from(base32.decode(s));
    const sameBits = [...bits(first.totpSecret)].filter((byte, i) => byte === bits(second.totpSecret)[i]);
    expect(sameBits.length).toBeLessThan(6);

    // and the log holds each only sealed: no event carries it in the clear, and no value of the
    // log run through APP_SECRET gives it back
    const log = await system.ports.store.readAll(0, 10_000);
    const text = JSON.stringify(log);
    const logged = new Set(
      log.flatMap((event) => [event.eventId, ...JSON.stringify(event.data).match(/[0-9a-f]{64}/g)!]),
    );
    for (const member of [first, second]) {
      expect(text).not.toContain(member.totpSecret);
      for (const value of logged)
        expect(derivable(system.options.secret, value)).not.toContain(member.totpSecret);
    }
    const offers = log.filter((event) => event.type === 'StaffTotpSecretIssued');
    expect(offers).toHaveLength(2);
    const opened = await Promise.all(
      offers.map((event) => system.ports.vault.decrypt((event.data as { totpSecret: string }).totpSecret)),
    );
    expect(opened).toEqual([first.totpSecret, second.totpSecret]);
  });

  it('are shown once: each opening of the link offers a new one, and only the latest enrols', async () => {
    const invited = await post(
      '/api/admin/staff',
      { email: uniqueEmail('twice'), role: 'moderator' },
      adminHeaders,
    );
    const token = invited.body.invitation_token as string;
    const before = await post('/api/staff/invitation', { token });
    const after = await post('/api/staff/invitation', { token });
    expect(before.status).toBe(200);
    expect(after.body.totp_secret).not.toBe(before.body.totp_secret);
    expect(
      await post('/api/staff/invitation/password', { token, password: 'twice-password-42' }),
    ).toMatchObject({
      status: 200,
    });

    const older = await post('/api/staff/invitation/second-factor', {
      token,
      code: await totpCode(before.body.totp_secret as string),
    });
    expect(older).toMatchObject({
      status: 400,
      body: { detail: expect.stringMatching(/code is not valid/) },
    });
    const latest = await post('/api/staff/invitation/second-factor', {
      token,
      code: await totpCode(after.body.totp_secret as string),
    });
    expect(latest.status).toBe(200);
    // Once enrolled, the link shows no secret any more
    expect((await post('/api/staff/invitation', { token })).status).toBe(400);
  });
});

describe('re-enrolment (owner)', () => {
  ownSystem();
  it('resets one member: sessions end, the old factor opens nothing, the mailed link enrols a new secret', async () => {
    // Given an enrolled moderator with an open session
    const member = await enrolStaffMember(system.baseUrl, adminHeaders['X-Admin-Code'], 'moderator');
    const session = await logInStaff(system.baseUrl, member);
    expect((await post('/api/admin/validate', {}, { 'X-Admin-Code': session })).status).toBe(200);

    // When the owner resets their second factor
    const reset = await post(`/api/admin/staff/${member.staffId}/second-factor/reset`, {}, adminHeaders);
    expect(reset).toMatchObject({ status: 200, body: { staff_id: member.staffId, role: 'moderator' } });

    // Then the session has ended, and neither a recovery code nor a code of the old secret logs in
    expect((await post('/api/admin/validate', {}, { 'X-Admin-Code': session })).status).toBe(401);
    for (const code of [member.recoveryCodes[0]!, await totpCode(member.totpSecret)]) {
      const login = await post('/api/staff/login', { email: member.email, password: member.password, code });
      expect(login.status).toBe(401);
    }
    // and the new link opens with the password kept and a new secret, which enrols
    const token = reset.body.invitation_token as string;
    const opened = await post('/api/staff/invitation', { token });
    expect(opened.body).toMatchObject({ email: member.email, role: 'moderator', password_set: true });
    expect(opened.body.totp_secret).not.toBe(member.totpSecret);
    const enrolled = await post('/api/staff/invitation/second-factor', {
      token,
      code: await totpCode(opened.body.totp_secret as string),
    });
    expect(enrolled.status).toBe(200);
    const login = await post('/api/staff/login', {
      email: member.email,
      password: member.password,
      code: (enrolled.body.recovery_codes as string[])[0],
    });
    expect(login.status).toBe(200);
  });

  it('resets every member at once, leaving removed ones alone', async () => {
    const kept = await enrolStaffMember(system.baseUrl, adminHeaders['X-Admin-Code'], 'auditor');
    const gone = await enrolStaffMember(system.baseUrl, adminHeaders['X-Admin-Code'], 'auditor');
    const goneDeleted = await fetch(`${system.baseUrl}/api/admin/staff/${gone.staffId}`, {
      method: 'DELETE',
      headers: adminHeaders,
    });
    expect(goneDeleted.status).toBe(200);
    const members = await system.ports.vault.staffMembers();
    const before = await system.ports.store.headPosition();

    const all = await post('/api/admin/staff/second-factor/reset', {}, adminHeaders);

    // Every member but the removed one (those of the tests before included) was reset
    expect(all).toMatchObject({ status: 200, body: { reset: members.length - 1 } });
    const resets = (await system.ports.store.readAll(before, 1000)).filter(
      (event) => event.type === 'StaffSecondFactorReset',
    );
    expect(resets.map((event) => event.streamName)).toContain(`staff-${kept.staffId}`);
    expect(resets.map((event) => event.streamName)).not.toContain(`staff-${gone.staffId}`);
    const login = await post('/api/staff/login', {
      email: kept.email,
      password: kept.password,
      code: kept.recoveryCodes[0],
    });
    expect(login.status).toBe(401);
  });

  it('is the owner’s alone, and an unknown member is 404', async () => {
    const admin = await enrolStaffMember(system.baseUrl, adminHeaders['X-Admin-Code'], 'admin');
    const adminSession = await logInStaff(system.baseUrl, admin);
    const before = await system.ports.store.headPosition();
    for (const path of [
      `/api/admin/staff/${admin.staffId}/second-factor/reset`,
      '/api/admin/staff/second-factor/reset',
    ]) {
      expect((await post(path, {}, { 'X-Admin-Code': adminSession })).status).toBe(403);
    }
    expect(
      (await post(`/api/admin/staff/${'0'.repeat(32)}/second-factor/reset`, {}, adminHeaders)).status,
    ).toBe(404);
    expect((await post('/api/admin/staff/not-an-id/second-factor/reset', {}, adminHeaders)).status).toBe(404);
    expect(await system.ports.store.headPosition()).toBe(before);
  });
});
