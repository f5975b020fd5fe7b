import { describe, expect, it } from 'vitest';
import { MemoryPiiVault } from './memory-vault';
import { openWith, sealWith } from './vault';
import { piiVaultContract, withField } from './vault-contract';

describe('MemoryPiiVault', () => {
  piiVaultContract(async () => ({ vault: new MemoryPiiVault(), teardown: async () => {} }));
});

describe('sealed values', () => {
  it('authenticates subject and key id: a value re-labelled to another subject fails under that key', () => {
    const key = Buffer.alloc(32, 7);
    const sealed = sealWith(key, 'account-6', 'secret', 'k1');
    expect(openWith(key, sealed)).toBe('secret');
    expect(() =>
      openWith(
        key,
        withField(sealed, 0, () => 'account-7'),
      ),
    ).toThrow();
    expect(() =>
      openWith(
        key,
        withField(sealed, 4, () => 'k2'),
      ),
    ).toThrow();
  });
});
