import { facetNormal as meshFacetNormal } from '@firsttouch/mesh';
import { scaleExponent, timesPowerOfTwo } from '@firsttouch/mesh/internal';
import { unitVector } from '@firsttouch/pose';

/** The scratch of {@link facetNormal}: one per writer call, so that no module holds state. */
export class NormalWork {
  /** mesh's normal of the facet, not normalised, and the offset of the vertex it was taken at. */
  readonly raw = new Float64Array(4);
  /** The normal alone (the first three of `raw`), to normalise. */
  readonly vector = this.raw.subarray(0, 3);
  /** A facet far from unit size, brought to it: its first vertex at the origin, then the edges. */
  readonly unit = new Float64Array(9);
}

/**
 * The unit normal of facet `f` (right-handed in its vertex order) into `out[0..2]`, computed in
 * float64; `(0, 0, 0)` for a degenerate facet only. Readers ignore stored normals, but other
 * programs read them, so the writers store true ones: mesh's normal, taken at the largest angle so
 * that needles and caps keep their direction, at unit size. A facet far from it (legs of 1e-200 or
 * 1e308) has its cross product underflow to zero or overflow to infinity, which wrote the zero normal
 * of a degenerate facet: its edges are taken to unit size by a power of two first, which changes no
 * digit of a normal number and so not the direction.
 */
export function facetNormal(
  positions: Float64Array,
  indices: Uint32Array,
  f: number,
  out: Float64Array,
  work: NormalWork,
): void {
  const a = 3 * indices[3 * f];
  const b = 3 * indices[3 * f + 1];
  const c = 3 * indices[3 * f + 2];
  // Edges of coordinates near ±1.8e308 can overflow: then taken between halved coordinates (exact,
  // but for subnormal ones, which are nothing beside such edges).
  let half = 1;
  let size = edgeSize(positions, a, b, c, 1);
  if (size === Number.POSITIVE_INFINITY) {
    half = 0.5;
    size = edgeSize(positions, a, b, c, 0.5);
  }
  const e = scaleExponent(size);
  if (e === 0 && half === 1) {
    // At unit size already: from the vertices themselves, whose edges mesh carries exactly.
    meshFacetNormal(positions, a, b, c, work.raw);
  } else {
    const t = work.unit;
    for (let k = 0; k < 3; k++) {
      const o = half * positions[a + k];
      t[k] = 0;
      t[3 + k] = timesPowerOfTwo(half * positions[b + k] - o, e);
      t[6 + k] = timesPowerOfTwo(half * positions[c + k] - o, e);
    }
    meshFacetNormal(t, 0, 3, 6, work.raw);
  }
  if (unitVector(work.vector, out)) {
    // + 0 writes a zero component as 0, not −0.
    out[0] += 0;
    out[1] += 0;
    out[2] += 0;
  } else {
    out[0] = 0;
    out[1] = 0;
    out[2] = 0;
  }
}

/** The largest |component| of the facet's two edges from `a`, its coordinates times `h`. */
function edgeSize(positions: Float64Array, a: number, b: number, c: number, h: number): number {
  let m = 0;
  for (let k = 0; k < 3; k++) {
    const o = h * positions[a + k];
    m = Math.max(m, Math.abs(h * positions[b + k] - o), Math.abs(h * positions[c + k] - o));
  }
  return m;
}
