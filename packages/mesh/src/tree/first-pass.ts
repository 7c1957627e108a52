// The pass over the elements in their own order that starts a tree build: the keys the splits
// order (centroids times the arity: only their order matters) and, for a surface, each facet's box.

import { roundDown32, roundUp32 } from './round32.js';

/**
 * The facets `from..to - 1`: each one's key (its vertices' sum) into `key` (3 a facet), its index
 * into `order`, and its box into `facetBoxes` from `6 · (f - boxAt)` (least coordinates, then
 * largest: 6 a facet), read while the facets are read in their own order: the leaves then read one
 * facet box each through `order` rather than three vertices anywhere in memory (a random soup of
 * 10⁶ facets: the build's largest cost). In float64: a surface of slivers weighs its small
 * subtrees' splits by the unrounded boxes and rounds outward once a leaf; other surfaces keep them
 * rounded ({@link facetKeysRounded3}).
 */
export function facetKeys3(
  positions: Float64Array,
  elements: Uint32Array,
  from: number,
  to: number,
  key: Float64Array,
  facetBoxes: Float64Array,
  boxAt: number,
  order: Uint32Array,
): void {
  const pick = new Float64Array(18);
  for (let f = from, e = 3 * from; f < to; f++, e += 3) {
    order[f] = f;
    const a = 3 * elements[e],
      b = 3 * elements[e + 1],
      c = 3 * elements[e + 2];
    const ax = positions[a],
      ay = positions[a + 1],
      az = positions[a + 2];
    const bx = positions[b],
      by = positions[b + 1],
      bz = positions[b + 2];
    const cx = positions[c],
      cy = positions[c + 1],
      cz = positions[c + 2];
    key[e] = 0 + ax + bx + cx;
    key[e + 1] = 0 + ay + by + cy;
    key[e + 2] = 0 + az + bz + cz;
    const o = 6 * (f - boxAt);
    // The least and largest of the three vertices on each axis, the first of equal ones (so ±0
    // come out as a scan in order gives them), each picked from `pick` at a comparison's 0 or 1:
    // the vertices of a soup's facets lie any way round, a coin toss at every branch.
    pick[0] = ax;
    pick[1] = bx;
    pick[2] = ay;
    pick[3] = by;
    pick[4] = az;
    pick[5] = bz;
    const lx = pick[+(bx < ax)],
      ly = pick[2 + +(by < ay)],
      lz = pick[4 + +(bz < az)];
    const hx = pick[+(bx > ax)],
      hy = pick[2 + +(by > ay)],
      hz = pick[4 + +(bz > az)];
    pick[6] = lx;
    pick[7] = cx;
    pick[8] = ly;
    pick[9] = cy;
    pick[10] = lz;
    pick[11] = cz;
    pick[12] = hx;
    pick[13] = cx;
    pick[14] = hy;
    pick[15] = cy;
    pick[16] = hz;
    pick[17] = cz;
    facetBoxes[o] = pick[6 + +(cx < lx)];
    facetBoxes[o + 1] = pick[8 + +(cy < ly)];
    facetBoxes[o + 2] = pick[10 + +(cz < lz)];
    facetBoxes[o + 3] = pick[12 + +(cx > hx)];
    facetBoxes[o + 4] = pick[14 + +(cy > hy)];
    facetBoxes[o + 5] = pick[16 + +(cz > hz)];
  }
}

/** Facets a chunk of {@link facetKeysRounded3}: their float64 boxes stay in the first cache. */
const CHUNK = 512;

/**
 * {@link facetKeys3} with each facet's box rounded outward to float32 (`boxes32`, 6 a facet): half
 * the scratch memory of a build, whose fresh pages cost more than the roundings while a process is
 * young (the package's DECISIONS.md). A leaf's box is then the union of rounded boxes: the same
 * numbers as the rounding of the union (the rounding is monotone), but a zero's sign. The boxes go
 * through a chunk of float64 boxes written by the first pass's own code.
 */
export function facetKeysRounded3(
  positions: Float64Array,
  elements: Uint32Array,
  n: number,
  key: Float64Array,
  boxes32: Float32Array,
  order: Uint32Array,
): void {
  const chunk = new Float64Array(6 * CHUNK);
  for (let from = 0; from < n; from += CHUNK) {
    const to = Math.min(n, from + CHUNK);
    facetKeys3(positions, elements, from, to, key, chunk, from, order);
    roundOutward(chunk, 6 * (to - from), boxes32, 6 * from);
  }
}

/** Boxes `box[0..length)` (6 numbers each) rounded outward to float32 into `out` from `at`. */
function roundOutward(box: Float64Array, length: number, out: Float32Array, at: number): void {
  for (let i = 0; i < length; i += 6) {
    out[at + i] = roundDown32(box[i]);
    out[at + i + 1] = roundDown32(box[i + 1]);
    out[at + i + 2] = roundDown32(box[i + 2]);
    out[at + i + 3] = roundUp32(box[i + 3]);
    out[at + i + 4] = roundUp32(box[i + 4]);
    out[at + i + 5] = roundUp32(box[i + 5]);
  }
}

/**
 * Each facet's key (its vertices' sum) into `key` (3 a facet) and its index into `order`, no box:
 * the first pass of a surface whose leaves read their facets' vertices (`surfaceBoxesFromVertices`).
 */
export function facetKeysOnly3(
  positions: Float64Array,
  elements: Uint32Array,
  n: number,
  key: Float64Array,
  order: Uint32Array,
): void {
  for (let f = 0, e = 0; f < n; f++, e += 3) {
    order[f] = f;
    const a = 3 * elements[e],
      b = 3 * elements[e + 1],
      c = 3 * elements[e + 2];
    key[e] = 0 + positions[a] + positions[b] + positions[c];
    key[e + 1] = 0 + positions[a + 1] + positions[b + 1] + positions[c + 1];
    key[e + 2] = 0 + positions[a + 2] + positions[b + 2] + positions[c + 2];
  }
}

/** Each segment's key (its ends' sum) into `key` (2 a segment), its index into `order`. */
export function segmentKeys2(
  positions: Float64Array,
  elements: Uint32Array,
  n: number,
  key: Float64Array,
  order: Uint32Array,
): void {
  for (let f = 0, e = 0; f < n; f++, e += 2) {
    order[f] = f;
    const a = 2 * elements[e],
      b = 2 * elements[e + 1];
    key[e] = 0 + positions[a] + positions[b];
    key[e + 1] = 0 + positions[a + 1] + positions[b + 1];
  }
}
