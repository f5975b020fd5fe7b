import type { ColumnType, Generated } from 'kysely';

/**
 * The read-model schema, typed once and shared with query-api. Each feature declares its
 * tables in its own file and adds them here; the SQL lives in read-model/migrations/.
 */
export interface CheckpointsTable {
  /** A projection's name. */
  name: string;
  /** Last global position this projection has applied. */
  position: ColumnType<number, number, number>;
}

export interface StoriesTable {
  id: string;
  is_premium: boolean;
  /** [{image: {ref, width, height}, text}] */
  slides: ColumnType<StorySlide[], string, string>;
  preview: ColumnType<StoryImage, string, string>;
  views: Generated<number>;
  likes: Generated<number>;
  published_at: ColumnType<Date, Date | string, never>;
  /** Global position of StoryPublished: the list is newest first by it. */
  position: ColumnType<number, number, never>;
}

export interface StoryImage {
  ref: string;
  width: number;
  height: number;
}
export interface StorySlide {
  image: StoryImage;
  text: string;
}

export interface ReadModel {
  projection_checkpoints: CheckpointsTable;
  stories: StoriesTable;
}
