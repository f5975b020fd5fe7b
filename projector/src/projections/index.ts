import type { Projection } from '../runner/projection';
import { storiesProjection } from './stories/stories-projection';

/** Every read-model projection. A feature adds its projection here, one line. */
export const projections: readonly Projection[] = [storiesProjection];
