import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { generate } from 'otplib';

/** A demo staff member: what the start banner prints so a developer can sign in as them. */
export interface DemoStaffMember {
  role: 'moderator' | 'auditor';
  email: string;
  password: string;
  /** The TOTP secret, to add to an authenticator app (or compute codes with). */
  totpSecret: string;
}

/** Where the demo staff's credentials are kept (like the demo reader's), mode 600. */
const STAFF_FILE = 'demo-staff';

type Send = (
  app: FastifyInstance,
  what: string,
  request: Pick<InjectOptions, 'method' | 'url' | 'headers' | 'payload'>,
) => Promise<Record<string, unknown>>;

/**
 * One moderator and one auditor, made as people make them: the owner invites each (the
 * invitation token from the seeding app's testing aid, as the mail would carry it), and each
 * chooses a password and enrols an authenticator with a code computed from the secret.
 */
export async function inviteDemoStaff(
  app: FastifyInstance,
  send: Send,
  owner: Record<string, string>,
): Promise<DemoStaffMember[]> {
  const members: DemoStaffMember[] = [];
  for (const role of ['moderator', 'auditor'] as const) {
    const email = `${role}@demo.nocturne.example`;
    const invited = await send(app, `inviting the demo ${role}`, {
      method: 'POST',
      url: '/api/admin/staff',
      headers: owner,
      payload: { email, role },
    });
    const token = String(invited.invitation_token);
    const opened = await send(app, `demo ${role}: invitation`, {
      method: 'POST',
      url: '/api/staff/invitation',
      payload: { token },
    });
    const password = randomBytes(12).toString('base64url');
    await send(app, `demo ${role}: password`, {
      method: 'POST',
      url: '/api/staff/invitation/password',
      payload: { token, password },
    });
    const totpSecret = String(opened.totp_secret);
    await send(app, `demo ${role}: second factor`, {
      method: 'POST',
      url: '/api/staff/invitation/second-factor',
      payload: { token, code: await generate({ secret: totpSecret }) },
    });
    members.push({ role, email, password, totpSecret });
  }
  return members;
}

export function keepDemoStaff(dataDir: string, members: readonly DemoStaffMember[]): void {
  const lines = members.map((m) => [m.role, m.email, m.password, m.totpSecret].join(' '));
  writeFileSync(join(dataDir, STAFF_FILE), `${lines.join('\n')}\n`, { mode: 0o600 });
}

/** The demo staff made on an earlier first start in this DATA_DIR, for the start banner. */
export function keptDemoStaff(dataDir: string): DemoStaffMember[] {
  const file = join(dataDir, STAFF_FILE);
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .flatMap((line) => {
      const [role, email, password, totpSecret] = line.split(' ');
      return (role === 'moderator' || role === 'auditor') && email && password && totpSecret
        ? [{ role, email, password, totpSecret }]
        : [];
    });
}
