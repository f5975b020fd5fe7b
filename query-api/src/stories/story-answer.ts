import {
  CONTENT_WARNING_IDS,
  PREVIEW_REF,
  productCreator,
  SLIDE_REF,
  STORY_RATING_IDS,
  type Story,
} from '@nocturne/domain';
import type { StoriesTable } from '@nocturne/projector/read-model';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { ExplicitAccess } from '../age-assurance/age-gate';
import { type Signer, signImageRef } from '../images/signed-ref';

type StoryRow = Selectable<StoriesTable>;

/** Who the card names: the creator's pen name, or the product's own name. */
export const creatorOf = (row: StoryRow) => row.card.creator ?? productCreator;

/** A story as the API sends it (the OpenAPI document's schema of `Story`, list and page alike). */
export const StoryAnswerSchema = z.object({
  id: z.string(),
  images: z.array(z.string()).describe('Image references: GET /api/images/{ref}'),
  texts: z.array(z.string()),
  alts: z
    .array(z.string())
    .optional()
    .describe(
      "Per slide, what its image shows as its creator wrote it ('' where none: the reader falls back to the text's first sentence); only with the whole story, and only when its creator wrote some",
    ),
  isPremium: z.boolean(),
  views: z.number().int(),
  likes: z.number().int(),
  tags: z.array(z.string()).describe('Curated tags (a card shows the first 3)'),
  warnings: z.array(z.enum(CONTENT_WARNING_IDS)).describe('Content warnings, shown before the first slide'),
  rating: z
    .enum(STORY_RATING_IDS)
    .describe('General, Mature or Explicit (Mature when its creator chose none)'),
  readingMinutes: z
    .number()
    .int()
    .describe('Estimated reading time: all texts at 230 words a minute, at least 1'),
  creator: z
    .object({ name: z.string(), handle: z.string().nullable() })
    .describe(
      "Its creator's pen name and page (/creator/{handle}); the product's name and no handle when it has none",
    ),
  slides: z.number().int().optional().describe("The admin's list only"),
  hiddenReason: z
    .string()
    .optional()
    .describe("The admin's list only: the statement of the moderator's hide, while the story is hidden"),
  ageAssuranceRequired: z
    .literal(true)
    .optional()
    .describe(
      'An Explicit story and a viewer who must first be assured to be an adult: no image and no slide, only the opening words of its first text (as its card shows them)',
    ),
}) satisfies z.ZodType<Story>;

/**
 * The whole story, from the projector's prepared card. A premium story's images are signed references for `signer` (an <img>
 * cannot send a Bearer header); a free story's are its plain references.
 */
export function fullStory(row: StoryRow, signer: Signer | null): Story {
  const images =
    row.is_premium && signer
      ? row.card.images.map((ref) => signImageRef(signer.secret, ref, signer.subject, signer.now))
      : row.card.images;
  const story = storyShowing(row, images, row.card.texts);
  return row.card.alts ? { ...story, alts: row.card.alts } : story;
}

/**
 * A premium story for a viewer who may not read it: only the blurred preview and the opening
 * words of the first text. No original image, no further text.
 */
export function lockedStory(row: StoryRow): Story {
  return storyShowing(row, [row.preview.ref], [row.card.teaser]);
}

/** A story's answer with the images and texts this viewer may see: the rest is the same for all. */
function storyShowing(row: StoryRow, images: string[], texts: string[]): Story {
  return {
    id: row.id,
    images,
    texts,
    isPremium: row.is_premium,
    views: row.views,
    likes: row.likes,
    tags: row.card.tags,
    warnings: row.card.warnings,
    rating: row.card.rating,
    readingMinutes: row.card.readingMinutes,
    creator: creatorOf(row),
  };
}

/**
 * A premium story for a premium member who has not opened it yet but may (stories remain): its
 * cover, the first image unblurred as the card shows it to premium members (as a signed
 * reference), and the opening words. The other slides and texts come only with the unlock.
 */
export function coverStory(row: StoryRow, signer: Signer): Story {
  const first = row.card.images[0];
  return {
    ...lockedStory(row),
    images: first ? [signImageRef(signer.secret, first, signer.subject, signer.now)] : [row.preview.ref],
  };
}

/** What a reader may see of premium stories (viewer.ts: unlockedBy, and whether stories remain). */
export interface PremiumAccess {
  signer: Signer | null;
  unlocked: ReadonlySet<string>;
  mayUnlock: boolean;
}

/** A story as the list shows it to this reader: in full, as a cover, or locked (see list-stories.ts). */
export function storyFor(row: StoryRow, access: PremiumAccess): Story {
  if (!row.is_premium) return fullStory(row, null);
  if (access.signer && access.unlocked.has(row.id)) return fullStory(row, access.signer);
  if (access.signer && access.mayUnlock) return coverStory(row, access.signer);
  return lockedStory(row);
}

/**
 * An Explicit story for a viewer who must be assured first: what its card shows (the opening
 * words of its first text, its rating, tags and counts) and no image at all, blurred or not.
 */
export function ageGatedStory(row: StoryRow): Story {
  return { ...storyShowing(row, [], [row.card.teaser]), ageAssuranceRequired: true };
}

const isPlainRef = (ref: string) => SLIDE_REF.test(ref) || PREVIEW_REF.test(ref);

/** A story's images with every plain reference signed for `signer` (the image route refuses plain ones). */
export const signedImages = (story: Story, { secret, subject, now }: Signer): Story => ({
  ...story,
  images: story.images.map((ref) => (isPlainRef(ref) ? signImageRef(secret, ref, subject, now) : ref)),
});

/**
 * A story as a viewer with this access to Explicit stories sees it: any other story as `story`
 * makes it; an Explicit one gated (ageGatedStory), or, for an assured viewer where assurance is
 * required, with every plain image reference signed for them (the image route refuses plain ones).
 */
export function withExplicitAccess(row: StoryRow, access: ExplicitAccess, story: () => Story): Story {
  if (row.card.rating !== 'explicit' || access.kind === 'open') return story();
  if (access.kind === 'gated') return ageGatedStory(row);
  return signedImages(story(), access.signer);
}
