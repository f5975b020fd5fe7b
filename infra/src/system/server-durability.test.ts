import { describe, expect, it } from 'vitest';
import { fsyncRefusal } from './server-durability';

describe('fsyncRefusal (the start on a server that may lose what it acknowledged)', () => {
  it('given fsync on, when the product starts, then nothing refuses it, allowed or not', () => {
    expect(fsyncRefusal('on', false)).toBeUndefined();
    expect(fsyncRefusal('on', true)).toBeUndefined();
  });

  it('given fsync off and no ALLOW_FSYNC_OFF, when the product starts, then it refuses and says how to go on', () => {
    for (const setting of ['off', 'OFF', ' off ']) {
      const refusal = fsyncRefusal(setting, false);
      expect(refusal, setting).toMatch(/fsync off/);
      expect(refusal, setting).toMatch(/ALLOW_FSYNC_OFF=1/);
    }
  });

  it('given fsync off and the operator allows it, when the product starts, then it starts', () => {
    expect(fsyncRefusal('off', true)).toBeUndefined();
  });
});
