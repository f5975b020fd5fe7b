import { freePort } from '@nocturne/infra/launcher/free-port';
import {
  LOCAL_SHOP_ID,
  type LocalProcessor,
  type LocalProcessorOptions,
  startLocalProcessor,
} from '@nocturne/infra/local-processor';
import { type E2eSystem, startE2eSystem } from '../fixtures/system';

/**
 * A system of its own that takes money through the local processor (the stand-in speaking
 * FlexPay's wire), and that processor, on a free port: its hosted page is where the product sends
 * a buyer, and it posts its signed notices straight to the product (server to server, no browser
 * in between). Stop both when done, the processor first.
 *
 * @example
 * const { system, processor } = await startWithLocalProcessor({ signatureKey: 'e2e-key' });
 */
export async function startWithLocalProcessor(options: {
  signatureKey: string;
  retry?: LocalProcessorOptions['retry'];
}): Promise<{ system: E2eSystem; processor: LocalProcessor }> {
  const port = await freePort();
  const system = await startE2eSystem({
    payments: {
      provider: 'local',
      shopId: LOCAL_SHOP_ID,
      signatureKey: options.signatureKey,
      orderUrl: `http://localhost:${port}/startorder`,
      descriptor: 'NOCTURNE E2E',
    },
  });
  try {
    const processor = await startLocalProcessor({
      dataDir: system.config.dataDir,
      port,
      shopId: LOCAL_SHOP_ID,
      signatureKey: options.signatureKey,
      postbackUrl: `http://127.0.0.1:${system.config.port}/api/payments/notices`,
      ...(options.retry ? { retry: options.retry } : {}),
    });
    return { system, processor };
  } catch (error) {
    // The caller never gets the system to stop: stop it here.
    await system.stop();
    throw error;
  }
}
