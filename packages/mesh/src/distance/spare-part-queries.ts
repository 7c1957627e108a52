import type { GjkPair, Shape } from '@firsttouch/convex';

/**
 * Two shapes' part queries a compound pair keeps for the next part pairs it binds, at most (a few kB
 * each, a `GjkPair`): such a query is then made once, not once a time-of-impact query.
 */
const SPARE_PART_QUERIES = 256;

/**
 * Empties a compound pair's part queries (on `bind` and `unbind`), keeping those of two shapes in
 * `spare` with their shapes dropped (a kept query holds no body, so a body queried once can be
 * collected), up to {@link SPARE_PART_QUERIES}.
 */
export function dropPartQueries<Q extends { gjk: GjkPair | undefined }>(
  queries: Map<number, Q>,
  spare: Q[],
): void {
  // (forEach: the values' iterator made a result object a query where it was not optimized away)
  queries.forEach((q) => {
    if (q.gjk === undefined || spare.length >= SPARE_PART_QUERIES) return;
    q.gjk.unbind();
    spare.push(q);
  });
  queries.clear();
}

/**
 * A kept part query bound to the shapes `a` and `b` as a new one would be (`GjkPair.bind` resets
 * its simplex, hints and counts; its witness and distance are reset here; its facets or segments
 * were never written, a two-shape query having none), or undefined when none is kept.
 */
export function keptPartQuery<
  Q extends {
    gjk: GjkPair | undefined;
    readonly pointA: Float64Array;
    readonly pointB: Float64Array;
    distance: number;
  },
>(spare: Q[], a: Shape, b: Shape): Q | undefined {
  const kept = spare.pop();
  if (kept === undefined) return undefined;
  (kept.gjk as GjkPair).bind(a, b);
  kept.pointA.fill(0);
  kept.pointB.fill(0);
  kept.distance = Number.NaN;
  return kept;
}
