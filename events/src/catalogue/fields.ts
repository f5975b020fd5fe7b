import { z } from 'zod';

/** A personal field encrypted with its owner's key (see pii/vault.ts). Never plaintext in the log. */
export const Encrypted = z.string().startsWith('pii:v1:');
/** SHA-256 hex digest of a secret (token, session); the secret itself never enters an event. */
export const Digest = z.string().regex(/^[0-9a-f]{64}$/);
export const IsoTime = z.iso.datetime({ offset: true });

/** Story ids are server-generated; anything else in a URL is refused before it reaches SQL. */
export const StoryId = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/);

export const ImageRef = z.object({
  /** Server-issued content-hash name; renditions live beside it (see command-api stories/images). */
  ref: z.string().regex(/^[a-z0-9-]{8,80}$/),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type ImageRef = z.infer<typeof ImageRef>;
