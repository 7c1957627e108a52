import { Curve, type Surface } from '@firsttouch/mesh';
import { assertFiniteNumber, FirstTouchError } from '@firsttouch/pose';
import { GrowableUint32 } from '../growable.js';
import { assertSurface } from '../surface-check.js';
import { canonicalChains } from './canonical.js';
import { splitChains } from './chains.js';
import { type SectionGraph, sectionGraph } from './graph.js';
import { slicePieces } from './pieces.js';

/**
 * The section of `surface` by the plane `x[axis] = position`, as a `Curve` in the plane's
 * coordinates, taken cyclically so that they are right-handed about the axis: axis 2 (z) gives
 * (x, y), axis 0 (x) gives (y, z), axis 1 (y) gives (z, x).
 *
 * Each facet is cut on its own, with the side of every vertex decided exactly; the crossing point of
 * an edge is computed from its two vertices in a fixed order, so facets sharing the edge agree to the
 * bit and pieces are chained by exact matching of their ends. Vertices, edges and facets lying in the
 * plane follow two rules (see the package README): the plane counts as moved down by an
 * infinitesimal, and in-plane facets facing −axis add their outline; so the section of a closed
 * surface is the closed set `solid ∩ plane`, a box cut along either face plane gives that face's
 * outline, and no segment is lost or doubled. A closed surface gives loops; an open one may also give
 * open chains, which end where the surface's border crosses the plane.
 *
 * The result is canonical: each loop starts at its lexicographically smallest vertex (u, then v) and
 * runs counter-clockwise when it is an outer boundary, clockwise when it is a hole (inside an odd
 * number of other loops); an open chain starts at its smaller end; chains are ordered by their start
 * vertex (then their next vertices). The same surface in any facet order gives the same curve.
 *
 * @throws `FirstTouchError` `INVALID_OPTION` for a bad surface or an axis other than 0, 1, 2,
 *   `NON_FINITE` for a position that is not a finite number.
 * @example
 * ```ts
 * import { box } from '@firsttouch/mesh';
 * import { sliceSurface } from '@firsttouch/io';
 * const section = sliceSurface(box(2), 2, 0.25); // the cube [-1, 1]³ at z = 0.25
 * console.log(section.loops.length, section.loops[0].closed, section.segmentCount); // 1 true 8
 * // From the smallest corner, counter-clockwise; the diagonal of each side face adds a point.
 * console.log(Array.from(section.positions.subarray(0, 6))); // [-1, -1, 0.25, -1, 1, -1]
 * ```
 */
export function sliceSurface(surface: Surface, axis: 0 | 1 | 2, position: number): Curve {
  assertSurface(surface, 'sliceSurface', false);
  if (axis !== 0 && axis !== 1 && axis !== 2) {
    throw new FirstTouchError('INVALID_OPTION', `sliceSurface: axis must be 0, 1 or 2, got ${String(axis)}`);
  }
  assertFiniteNumber(position, 'sliceSurface(position)');
  let graph = sectionGraph(slicePieces(surface.positions, surface.indices, axis, position).view());
  if (hasJunction(graph)) {
    // Where more than two segments meet, the pairing reads where each end came from: the pieces
    // again, with their spokes and senses (most sections have no such point and skip this).
    const spokes = new GrowableUint32(1024);
    const senses = new GrowableUint32(1024);
    const pieces = slicePieces(surface.positions, surface.indices, axis, position, spokes, senses);
    graph = sectionGraph(pieces.view(), spokes.view(), surface.positions, senses.view());
  }
  const chains = canonicalChains(graph, splitChains(graph));
  let total = 0;
  for (const c of chains) total += c.nodes.length;
  const u = new Float64Array(total);
  const v = new Float64Array(total);
  const sizes: number[] = [];
  const closed: boolean[] = [];
  let k = 0;
  for (const c of chains) {
    for (const n of c.nodes) {
      u[k] = graph.u[n];
      v[k] = graph.v[n];
      k++;
    }
    sizes.push(c.nodes.length);
    closed.push(c.closed);
  }
  return Curve.fromChains(u, v, sizes, closed);
}

/** Whether more than two of the graph's edges meet at a node. */
function hasJunction(g: SectionGraph): boolean {
  const degree = new Uint8Array(g.u.length);
  for (let e = 0; e < g.from.length; e++) {
    if (++degree[g.from[e]] > 2 || ++degree[g.to[e]] > 2) return true;
  }
  return false;
}
