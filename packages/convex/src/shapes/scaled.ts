import { timesPowerOfTwo as times } from '../scale.js';
import { Shape } from '../shape.js';
import { TABLE_RANGE_HIGH, TABLE_RANGE_LOW } from '../support.js';

/**
 * `shape` scaled by 2^e about its origin, exactly (a power of two only moves exponents): every length
 * of it (extents, radii, margin, points, box, reach) times 2^e, its structure (hull facets, vertex
 * neighbours) as it was. What a query far from unit size runs on (ccd's driver scales both bodies and
 * the translations by the same power). Not exported by the package's main entry.
 *
 * @example
 * ```ts
 * import { capsule } from '@firsttouch/convex';
 * import { scaledShape } from '@firsttouch/convex/internal';
 * const c = scaledShape(capsule(1, 0.5), 3);
 * console.log(c.kind, c.params.halfHeight, c.margin, c.reach); // capsule 8 4 12
 * ```
 */
export function scaledShape<D extends 2 | 3>(shape: Shape<D>, e: number): Shape<D> {
  if (e === 0) return shape;
  const params: Record<string, number> = {};
  for (const [k, v] of Object.entries(shape.params))
    params[k] = k === 'count' || k === 'vertices' ? v : times(v, e);
  const points = shape.points.map((x) => times(x, e));
  const reach = times(shape.coreReach, e);
  return Shape.create({
    kind: shape.kind,
    dim: shape.dim,
    params,
    base: shape.base === null ? null : scaledShape(shape.base, e),
    margin: times(shape.margin, e),
    core: shape.core,
    e0: times(shape.e0, e),
    e1: times(shape.e1, e),
    e2: times(shape.e2, e),
    points,
    start: shape.start,
    neighbours: shape.neighbours,
    climb: shape.climb,
    // Exact scaling keeps every test of a table (they scale with it) within the table's range.
    table: reach >= TABLE_RANGE_LOW && reach <= TABLE_RANGE_HIGH ? shape.supportTable : null,
    // A polar table's certificates are ratios of lengths: the same at every size.
    polar: shape.polar,
    facets: shape.facetIndices,
    sources: shape.sources,
    min: shape.coreMin.map((x) => times(x, e)),
    max: shape.coreMax.map((x) => times(x, e)),
    coreReach: reach,
  });
}
