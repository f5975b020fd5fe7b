import { randomBytes, randomUUID } from 'node:crypto';
import { assertPiiSubject, keyIdOf, openWith, type PiiVault, sealWith, subjectOf } from './vault';

/**
 * The PII vault with its keys in memory, for unit tests: the same value format and the same
 * shredding as PostgresPiiVault (a destroyed subject reads as null, a new key gets a new id).
 */
export class MemoryPiiVault implements PiiVault {
  private readonly keys = new Map<string, { key: Buffer; keyId: string }>();

  async encrypt(subject: string, plaintext: string): Promise<string> {
    assertPiiSubject(subject);
    let entry = this.keys.get(subject);
    if (!entry) {
      entry = { key: randomBytes(32), keyId: randomUUID().replaceAll('-', '') };
      this.keys.set(subject, entry);
    }
    return sealWith(entry.key, subject, plaintext, entry.keyId);
  }

  async decrypt(value: string): Promise<string | null> {
    const entry = this.keys.get(subjectOf(value));
    if (!entry || keyIdOf(value) !== entry.keyId) return null;
    return openWith(entry.key, value);
  }

  async decryptMany(values: readonly string[]): Promise<(string | null)[]> {
    return Promise.all(values.map((value) => this.decrypt(value)));
  }

  async destroy(subject: string): Promise<void> {
    this.keys.delete(subject);
  }
}
