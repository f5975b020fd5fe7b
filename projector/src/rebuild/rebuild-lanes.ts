import type { Projection } from '../runner/projection';

/**
 * The projections that each take a lane of their own in a rebuild, heaviest first: on the scale
 * bench's log each costs about as much as all the others together (docs/performance.md,
 * "Growth"). A lane is a runner with a connection of its own; the lanes go through the log side
 * by side, so one lane's statements run in the database while another folds its batch.
 */
const OWN_LANES: readonly (readonly string[])[] = [['stories'], ['users'], ['reading', 'studio']];

/**
 * The rebuild's lanes: the heavy projections apart, every other projection in the last lane.
 * Lanes may run side by side because no two projections write the same table (each reads only
 * its own tables too): the order of their statements between lanes changes no row.
 */
export function rebuildLanes(projections: readonly Projection[]): Projection[][] {
  const lanes = OWN_LANES.map((names) => projections.filter((p) => names.includes(p.name))).filter(
    (lane) => lane.length > 0,
  );
  const apart = new Set(OWN_LANES.flat());
  const rest = projections.filter((p) => !apart.has(p.name));
  return rest.length > 0 ? [...lanes, rest] : lanes;
}
