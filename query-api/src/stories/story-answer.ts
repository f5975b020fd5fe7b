import type { StoriesTable } from '@nocturne/projector/read-model/schema';
import type { Selectable } from 'kysely';
import { signImageRef } from '../images/signed-ref';

/** A story as the SPA gets it (spec.md section 3), plus `slides` for the admin. */
export interface StoryAnswer {
  id: string;
  images: string[];
  texts: string[];
  isPremium: boolean;
  views: number;
  likes: number;
  slides?: number;
}

/** Words of the first text shown on a locked premium card (spec.md section 9). */
export const TEASER_WORDS = 10;

export function teaser(text: string): string {
  return text.trim().split(/\s+/).slice(0, TEASER_WORDS).join(' ');
}

type StoryRow = Selectable<StoriesTable>;

export interface Signer {
  secret: string;
  /** Who the signed references are for (see images/signed-ref.ts). */
  subject: string;
  now: Date;
}

/**
 * The whole story. A premium story's images are signed references for `signer` (an <img>
 * cannot send a Bearer header); a free story's are its plain references.
 */
export function fullStory(row: StoryRow, signer: Signer | null): StoryAnswer {
  const images = row.slides.map((s) =>
    row.is_premium && signer
      ? signImageRef(signer.secret, s.image.ref, signer.subject, signer.now)
      : s.image.ref,
  );
  return {
    id: row.id,
    images,
    texts: row.slides.map((s) => s.text),
    isPremium: row.is_premium,
    views: row.views,
    likes: row.likes,
  };
}

/**
 * A premium story for a viewer who may not read it: only the blurred preview and the opening
 * words of the first text. No original image, no further text.
 */
export function lockedStory(row: StoryRow): StoryAnswer {
  return {
    id: row.id,
    images: [row.preview.ref],
    texts: [teaser(row.slides[0]?.text ?? '')],
    isPremium: row.is_premium,
    views: row.views,
    likes: row.likes,
  };
}

/**
 * A premium story for a subscriber who has not opened it yet but may (stories remain): its
 * cover, the first image unblurred as the spec's card shows it to subscribers (as a signed
 * reference), and the opening words. The other slides and texts come only with the unlock.
 */
export function coverStory(row: StoryRow, signer: Signer): StoryAnswer {
  const first = row.slides[0];
  return {
    ...lockedStory(row),
    images: first
      ? [signImageRef(signer.secret, first.image.ref, signer.subject, signer.now)]
      : [row.preview.ref],
  };
}
