import { GrowableFloat64, type GrowableUint32 } from '../growable.js';
import { crossing } from './crossing.js';
import { orient2dSign } from './orient2d.js';

/**
 * The pieces of the section of a surface by the plane `x[axis] = position`, as segments in the plane
 * coordinates `(x[iu], x[iv])`, 4 numbers a segment, unordered, possibly repeated (the caller cancels
 * pairs) and possibly of zero length (the caller drops them). Two rules make them consistent:
 *
 * 1. A vertex is *above* when `x[axis] ≥ position`, compared exactly: a vertex on the plane counts as
 *    above (the plane is moved down by an infinitesimal, "simulation of simplicity"). A facet with
 *    vertices on both sides gives one segment between the crossings of its two edges that cross (see
 *    {@link crossing}: an above endpoint on the plane is its own crossing). So every facet decides
 *    alone, no vertex, edge or facet on the plane is a special case, and the pieces of a closed
 *    surface always close: they are the section just below the plane, collapsed onto it.
 * 2. A facet lying in the plane that faces down (−axis: the solid is above it, as for the bottom of a
 *    box) adds its three edges. With rule 1 alone a box cut along its bottom face would give nothing
 *    and along its top face the square; with rule 2 both give the square: the section is the closed
 *    set `solid ∩ plane`, the union of the sections just below and just above. Edges shared by two
 *    such facets come twice and cancel. Facets facing up are inside the section just below already.
 *
 * With `spokes`, two numbers a segment are pushed there, one an end: where the end is a vertex on the
 * plane (the crossing of an edge from a vertex below), the index of that vertex below, else
 * {@link NO_SPOKE}. Just below the plane the end lies on that edge, a hair from the vertex: what
 * tells, where several segments meet at the vertex, which of them the section just below joins.
 * With `senses`, one number a segment: 1 where the solid lies on the left of the segment run from its
 * first end to its second (as seen from +axis, in the plane's right-handed coordinates) for facets
 * wound about an outward normal, 0 where on the right, {@link SENSE_UNKNOWN} for rule 2's outlines.
 */
export function slicePieces(
  positions: Float64Array,
  indices: Uint32Array,
  axis: number,
  position: number,
  spokes?: GrowableUint32,
  senses?: GrowableUint32,
): GrowableFloat64 {
  const iu = (axis + 1) % 3;
  const iv = (axis + 2) % 3;
  const out = new GrowableFloat64(1024);
  const seg = new Float64Array(4);
  const facetCount = indices.length / 3;
  for (let f = 0; f < facetCount; f++) {
    const a = 3 * indices[3 * f];
    const b = 3 * indices[3 * f + 1];
    const c = 3 * indices[3 * f + 2];
    const za = positions[a + axis];
    const zb = positions[b + axis];
    const zc = positions[c + axis];
    const ha = za >= position;
    const hb = zb >= position;
    const hc = zc >= position;
    if (ha === hb && hb === hc) {
      if (ha && za === position && zb === position && zc === position) {
        if (addFloor(positions, a, b, c, iu, iv, out)) {
          for (let k = 0; k < 6; k++) spokes?.push(NO_SPOKE);
          for (let k = 0; k < 3; k++) senses?.push(SENSE_UNKNOWN);
        }
      }
      continue;
    }
    // The lone vertex is on one side, the other two (m, n) on the other.
    const lone = ha === hb ? c : ha === hc ? b : a;
    const m = lone === a ? b : a;
    const n = lone === c ? b : c;
    const loneAbove = positions[lone + axis] >= position;
    if (loneAbove) {
      crossing(positions, m, lone, axis, position, seg, 0);
      crossing(positions, n, lone, axis, position, seg, 2);
    } else {
      crossing(positions, lone, m, axis, position, seg, 0);
      crossing(positions, lone, n, axis, position, seg, 2);
    }
    for (let k = 0; k < 4; k++) out.push(seg[k]);
    // The facet's winding (right-handed about its outward normal) puts the solid on the left of its
    // segment run from the crossing on (lone, m) to the one on (lone, n) when m follows the lone vertex
    // in the winding and the lone vertex is above, or neither.
    senses?.push((lone !== b) === loneAbove ? 1 : 0);
    if (spokes !== undefined) {
      // An end at a vertex on the plane: the below vertex of its edge (see SectionGraph.spokeFrom).
      if (loneAbove) {
        const at = positions[lone + axis] === position;
        spokes.push(at ? m / 3 : NO_SPOKE);
        spokes.push(at ? n / 3 : NO_SPOKE);
      } else {
        spokes.push(positions[m + axis] === position ? lone / 3 : NO_SPOKE);
        spokes.push(positions[n + axis] === position ? lone / 3 : NO_SPOKE);
      }
    }
  }
  return out;
}

/** A segment end that is not a vertex on the plane (see `slicePieces`' `spokes`). */
export const NO_SPOKE = 0xffffffff;

/** A segment whose side of the solid is not known (see `slicePieces`' `senses`). */
export const SENSE_UNKNOWN = 2;

/** Rule 2: the edges of an in-plane facet that faces −axis (clockwise in the plane coordinates); whether it added them. */
function addFloor(
  positions: Float64Array,
  a: number,
  b: number,
  c: number,
  iu: number,
  iv: number,
  out: GrowableFloat64,
): boolean {
  const ua = positions[a + iu] + 0;
  const va = positions[a + iv] + 0;
  const ub = positions[b + iu] + 0;
  const vb = positions[b + iv] + 0;
  const uc = positions[c + iu] + 0;
  const vc = positions[c + iv] + 0;
  // (iu, iv, axis) is right-handed, so counter-clockwise in (u, v) is a normal along +axis.
  if (orient2dSign(ua, va, ub, vb, uc, vc) >= 0) return false;
  push4(out, ua, va, ub, vb);
  push4(out, ub, vb, uc, vc);
  push4(out, uc, vc, ua, va);
  return true;
}

function push4(out: GrowableFloat64, u0: number, v0: number, u1: number, v1: number): void {
  out.push(u0);
  out.push(v0);
  out.push(u1);
  out.push(v1);
}
