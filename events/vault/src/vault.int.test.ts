import { createTestDatabase } from '@nocturne/pg-kit/testing';
import { describe } from 'vitest';
import { PostgresPiiVault } from './vault';
import { piiVaultContract } from './vault-contract';

describe('PostgresPiiVault', () => {
  piiVaultContract(async () => {
    const db = await createTestDatabase('vault');
    const vault = await PostgresPiiVault.connect(db.url);
    return {
      vault,
      async teardown() {
        await vault.close();
        await db.drop();
      },
    };
  });
});
