import { describe } from 'vitest';
import { createTestDatabase } from '../testing/test-database';
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
