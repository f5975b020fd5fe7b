import { createTestDatabase } from '@nocturne/infra/test-env/database';
import { defaultWebDist, startSystem } from '@nocturne/infra/system/start-system';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
const database = await createTestDatabase('h5e2e');
const dataDir = mkdtempSync('/tmp/h5/data-');
const system = await startSystem(
  {
    port: 4517,
    databaseUrl: database.url,
    eventStoreUrl: undefined,
    natsUrl: undefined,
    natsSubjectPrefix: `h5${Date.now()}`,
    adminPassword: 'e2e-admin-password',
    smtpUrl: undefined,
    publicUrl: 'http://127.0.0.1:4517',
    dataDir,
    supportEmail: 'support@nocturne.test',
    paymentLinkBase: 'https://pay.example/nocturne',
    discountCode: 'NOCTURNE30',
    inviteCodes: ['velvetnight', '202412'],
    exposeVerificationToken: true,
    secret: randomBytes(32).toString('hex'),
    logLevel: 'warn',
  } as never,
  { log: (l) => console.log(l), host: '127.0.0.1', webDist: defaultWebDist },
);
console.log('READY', system.address, database.name);
const stop = async () => { await system.stop(); await database.drop(); process.exit(0); };
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
