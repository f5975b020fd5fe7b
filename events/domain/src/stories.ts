import type { StoryCreator } from './creators';
import type { ContentWarningId } from './labels';
import type { StoryRatingId } from './ratings';

/** A story as GET /api/stories and GET /api/stories/{id} return it. */
export interface Story {
  id: string;
  /** Image references: "http…" used as is, anything else served by /api/images/{ref}. */
  images: string[];
  /** One text per image, same index. */
  texts: string[];
  /**
   * Per slide, what its image shows as its creator wrote it ('' where they wrote none); absent
   * for a story without any, and wherever the slides are not sent. The reader's alt text:
   * slideAltText(texts[i], alts[i]).
   */
  alts?: string[];
  isPremium: boolean;
  views: number;
  likes: number;
  /** Curated tags (at most 8; a card shows the first 3) and content warnings (domain/labels.ts). */
  tags: string[];
  warnings: ContentWarningId[];
  /** General, Mature or Explicit (Mature when its creator chose none). */
  rating: StoryRatingId;
  /** Estimated reading time in minutes (all texts at 230 words a minute, at least 1). */
  readingMinutes: number;
  /** Its creator's pen name and page (the product's name, no page, when it has none). */
  creator: StoryCreator;
  /** The admin's list only: how many slides the story has. */
  slides?: number;
  /** The admin's list only: the statement of the moderator's hide, while the story is hidden. */
  hiddenReason?: string;
  /**
   * An Explicit story for a viewer who must first be assured to be an adult: no image and no
   * slide, only what its card shows (the opening words, rating, tags).
   */
  ageAssuranceRequired?: true;
}

/**
 * The states the staff's story list narrows by: the published stories readers see, or the ones a
 * moderator hid (a draft is its creator's alone; a deleted or unpublished story is gone).
 */
export const STORY_STATES = ['published', 'hidden'] as const;
export type StoryStateId = (typeof STORY_STATES)[number];

export const isStoryState = (value: unknown): value is StoryStateId =>
  STORY_STATES.includes(value as StoryStateId);

export const storyMessages = {
  notFound: 'Story not found',
  exists: 'This story exists already.',
  loginRequired: 'Login required for premium stories',
  premiumRequired: 'Premium access is required to read this story. Please purchase premium to continue.',
  noneRemaining: 'No premium stories remaining. Please purchase more to continue reading.',
} as const;

/** Words of the first text shown on a locked premium card. */
export const TEASER_WORDS = 10;

/** The opening words of a text, as a locked card shows them (the card adds the ellipsis). */
export function teaser(text: string, words = TEASER_WORDS): string {
  return text.trim().split(/\s+/).filter(Boolean).slice(0, words).join(' ');
}
