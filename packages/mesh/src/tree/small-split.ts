import { roundDown32, roundUp32 } from './round32.js';
import { childrenUnion } from './tree-boxes.js';

/**
 * A surface tree's subtrees of at most this many facets are built by {@link SmallSubtrees} when the
 * surface is {@link mostlySlivers}: each node split by its children's boxes rather than by the spread
 * of its centroids (DECISIONS.md). Larger nodes keep the longest spread, which measured better there.
 */
export const SMALL_NODE = 255;

/** A facet is a sliver when its longest edge squared exceeds this many times twice its area. */
const SLIVER_ASPECT = 16;
/** Facets looked at, evenly spaced, to tell a surface of slivers. */
const SLIVER_SAMPLE = 256;

/**
 * Whether at least a quarter of the facets (of at most {@link SLIVER_SAMPLE} evenly spaced ones) are
 * slivers: long and thin, their longest edge over 4 times the height across it (walls and legs cut
 * into strips, as CAD models and buildings are). Their centroids spread along their length, where
 * halving them near the leaves halves no box; such a surface's small subtrees are split by their
 * boxes' areas instead, which costs about twice the build's time there, so surfaces of ordinary
 * facets (where it gains a few per cent of the node pairs: DECISIONS.md) keep the plain split.
 */
export function mostlySlivers(positions: Float64Array, elements: Uint32Array, n: number): boolean {
  const looked = Math.min(n, SLIVER_SAMPLE);
  let slivers = 0;
  for (let k = 0; k < looked; k++) {
    const f = 3 * Math.floor((k * n) / looked);
    const a = 3 * elements[f],
      b = 3 * elements[f + 1],
      c = 3 * elements[f + 2];
    const ux = positions[b] - positions[a],
      uy = positions[b + 1] - positions[a + 1],
      uz = positions[b + 2] - positions[a + 2];
    const vx = positions[c] - positions[a],
      vy = positions[c + 1] - positions[a + 1],
      vz = positions[c + 2] - positions[a + 2];
    const wx = vx - ux,
      wy = vy - uy,
      wz = vz - uz;
    const longest = Math.max(
      ux * ux + uy * uy + uz * uz,
      vx * vx + vy * vy + vz * vz,
      wx * wx + wy * wy + wz * wz,
    );
    const cx = uy * vz - uz * vy,
      cy = uz * vx - ux * vz,
      cz = ux * vy - uy * vx;
    const twiceArea = Math.sqrt(cx * cx + cy * cy + cz * cz);
    if (longest > SLIVER_ASPECT * twiceArea) slivers++;
  }
  return looked > 0 && 4 * slivers >= looked;
}

/** The arrays of the tree under construction that a small subtree fills. */
export interface SmallSubtreeTarget {
  /** Facet indices, leaf by leaf (the subtree's range is rewritten). */
  readonly order: Uint32Array;
  /** Centroid keys (3 a facet, times 3), travelling with `order`. */
  readonly key: Float64Array;
  /** Each facet's box (min, then max), not rounded. */
  readonly facetBoxes: Float64Array;
  readonly child: Uint32Array;
  readonly count: Uint8Array;
  readonly boxes: Float32Array;
  readonly leafSize: number;
}

/**
 * Builds the subtrees of at most {@link SMALL_NODE} facets of a surface tree of slivers, nodes,
 * order and boxes, from a copy of their facets' keys and boxes gathered once. The facets are kept
 * sorted along each axis (by centroid, then facet index) and each node is split at the median
 * rounded to whole leaves along the axis whose two children's boxes have the least area in all
 * (the longest spread of the centroids first, then x, y, z; the first on ties), each child's three
 * lists filtered from its parent's. A node of 3 or 4 facets that becomes leaves of 2 takes the
 * pairing of least area in all (its facets sorted along the longest spread, then f0 f1 | f2 f3,
 * f0 f2 | f1 f3, f0 f3 | f1 f2; with three: f0 f1 | f2, f0 f2 | f1, f1 f2 | f0; the first on ties).
 * A leaf's facets come sorted along x. Held by the build for its length: its arrays are scratch.
 */
export class SmallSubtrees {
  /** Gathered keys and boxes, and the facet, by slot (the facet's place in the range when gathered). */
  readonly #key = new Float64Array(3 * SMALL_NODE);
  readonly #box = new Float64Array(6 * SMALL_NODE);
  readonly #facet = new Uint32Array(SMALL_NODE);
  /** The slots sorted along x, y and z (`SMALL_NODE` each), each node's a run of them. */
  readonly #lists = new Uint8Array(3 * SMALL_NODE);
  /** A merge's or a filter's work, and the side of each slot in the split at hand (1: right). */
  readonly #tmp = new Uint8Array(SMALL_NODE);
  readonly #right = new Uint8Array(SMALL_NODE);
  /** Work stack: start, end, parent node (−1 for the subtree's root), local. */
  readonly #work = new Int32Array(3 * 2 * SMALL_NODE);
  /** The union of a run of slots' boxes (min, then max). */
  readonly #union = new Float64Array(6);
  #leafSize = 2;

  /**
   * Builds the subtree of `order[start..end)` (at most {@link SMALL_NODE} facets) rooted at node
   * `root`, numbered depth-first from it, with its boxes; returns the next free node number.
   */
  build(t: SmallSubtreeTarget, start: number, end: number, root: number): number {
    const size = end - start;
    const key = this.#key;
    const box = this.#box;
    const facet = this.#facet;
    const lists = this.#lists;
    const { order, facetBoxes, child, count, boxes, leafSize } = t;
    this.#leafSize = leafSize;
    for (let k = 0; k < size; k++) {
      const f = order[start + k];
      facet[k] = f;
      for (let a = 0; a < 3; a++) key[3 * k + a] = t.key[3 * (start + k) + a];
      for (let a = 0; a < 6; a++) box[6 * k + a] = facetBoxes[6 * f + a];
    }
    for (let a = 0; a < 3; a++) {
      const o = a * SMALL_NODE;
      for (let k = 0; k < size; k++) lists[o + k] = k;
      this.#mergeSort(o, size, a);
    }
    const work = this.#work;
    let top = 0;
    work[top++] = 0;
    work[top++] = size;
    work[top++] = -1;
    let next = root;
    while (top > 0) {
      const parent = work[--top];
      const e = work[--top];
      const s = work[--top];
      const node = next++;
      if (parent >= 0) child[parent] = node;
      const n = e - s;
      if (n <= leafSize) {
        child[node] = start + s;
        count[node] = n;
        continue;
      }
      const mid = s + leafSize * (Math.ceil(n / leafSize) >>> 1);
      this.#split(s, e, mid);
      work[top++] = mid;
      work[top++] = e;
      work[top++] = node;
      work[top++] = s;
      work[top++] = mid;
      work[top++] = -1;
    }
    // The boxes, bottom-up (children are numbered after their parent), and the order.
    const u = this.#union;
    for (let node = next - 1; node >= root; node--) {
      const o = 6 * node;
      if (count[node] > 0) {
        this.#unionOf(child[node] - start, child[node] - start + count[node]);
        for (let a = 0; a < 3; a++) {
          boxes[o + a] = roundDown32(u[a]);
          boxes[o + 3 + a] = roundUp32(u[3 + a]);
        }
      } else childrenUnion(boxes, node, child[node], 3);
    }
    for (let k = 0; k < size; k++) order[start + k] = facet[lists[k]];
    return next;
  }

  /** Whether slot p comes before slot q along `axis` (centroid, then facet index). */
  #before(p: number, q: number, axis: number): boolean {
    const kp = this.#key[3 * p + axis];
    const kq = this.#key[3 * q + axis];
    return kp < kq || (kp === kq && this.#facet[p] < this.#facet[q]);
  }

  /** Sorts `lists[o..o + n)` along `axis`: runs of 8 by insertion, then merged (at most 255 slots). */
  #mergeSort(o: number, n: number, axis: number): void {
    const lists = this.#lists;
    const tmp = this.#tmp;
    for (let r = 0; r < n; r += 8) {
      const end = Math.min(n, r + 8);
      for (let k = r + 1; k < end; k++) {
        const v = lists[o + k];
        let j = k - 1;
        while (j >= r && this.#before(v, lists[o + j], axis)) {
          lists[o + j + 1] = lists[o + j];
          j--;
        }
        lists[o + j + 1] = v;
      }
    }
    for (let width = 8; width < n; width *= 2) {
      for (let l = 0; l < n; l += 2 * width) {
        const m = Math.min(n, l + width);
        const e = Math.min(n, l + 2 * width);
        let i = l;
        let j = m;
        let k = l;
        while (i < m && j < e)
          tmp[k++] = this.#before(lists[o + j], lists[o + i], axis) ? lists[o + j++] : lists[o + i++];
        while (i < m) tmp[k++] = lists[o + i++];
        while (j < e) tmp[k++] = lists[o + j++];
      }
      for (let k = 0; k < n; k++) lists[o + k] = tmp[k];
    }
  }

  /** Splits the places `s..e` at `mid`: the axis (or the pairing) of least box area; the lists follow. */
  #split(s: number, e: number, mid: number): void {
    const lists = this.#lists;
    const key = this.#key;
    // The longest spread of the centroids first (the first axis on ties, as the build above).
    const ox = 0;
    const oy = SMALL_NODE;
    const oz = 2 * SMALL_NODE;
    const sx = key[3 * lists[ox + e - 1]] - key[3 * lists[ox + s]];
    const sy = key[3 * lists[oy + e - 1] + 1] - key[3 * lists[oy + s] + 1];
    const sz = key[3 * lists[oz + e - 1] + 2] - key[3 * lists[oz + s] + 2];
    let first = 0;
    let spread = sx;
    if (sy > spread) {
      first = 1;
      spread = sy;
    }
    if (sz > spread) first = 2;
    if (this.#leafSize === 2 && e - s <= 4) {
      this.#pair(s, e, first);
      return;
    }
    let cost = Number.POSITIVE_INFINITY;
    let best = first;
    for (let step = 0; step < 3; step++) {
      const axis = step === 0 ? first : step <= first ? step - 1 : step;
      const o = axis * SMALL_NODE;
      const c = this.#area(o + s, o + mid) + this.#area(o + mid, o + e);
      if (c < cost) {
        cost = c;
        best = axis;
      }
    }
    // The two other lists, filtered: the left child's slots first, each part in its own order.
    const right = this.#right;
    const tmp = this.#tmp;
    const ob = best * SMALL_NODE;
    for (let k = s; k < e; k++) right[lists[ob + k]] = k < mid ? 0 : 1;
    for (let axis = 0; axis < 3; axis++) {
      if (axis === best) continue;
      const o = axis * SMALL_NODE;
      let l = s;
      let r = mid;
      for (let k = s; k < e; k++) {
        const v = lists[o + k];
        if (right[v] === 0) tmp[l++] = v;
        else tmp[r++] = v;
      }
      for (let k = s; k < e; k++) lists[o + k] = tmp[k];
    }
  }

  /**
   * The pairing of least area of 3 or 4 slots (sorted along `first`) into leaves of 2 (and 1),
   * written into the x list, each leaf sorted along x.
   */
  #pair(s: number, e: number, first: number): void {
    const lists = this.#lists;
    const of = first * SMALL_NODE;
    const four = e - s === 4;
    const f0 = lists[of + s],
      f1 = lists[of + s + 1],
      f2 = lists[of + s + 2];
    const f3 = four ? lists[of + s + 3] : 0;
    const tmp = this.#tmp;
    let cost = Number.POSITIVE_INFINITY;
    let way = 0;
    for (let w = 0; w < 3; w++) {
      this.#arrange(w, four, f0, f1, f2, f3);
      const c = this.#areaOf(tmp, 0, 2) + this.#areaOf(tmp, 2, e - s);
      if (c < cost) {
        cost = c;
        way = w;
      }
    }
    this.#arrange(way, four, f0, f1, f2, f3);
    // Each leaf along x (the order every leaf of these subtrees keeps).
    if (this.#before(tmp[1], tmp[0], 0)) {
      const x = tmp[0];
      tmp[0] = tmp[1];
      tmp[1] = x;
    }
    if (four && this.#before(tmp[3], tmp[2], 0)) {
      const x = tmp[2];
      tmp[2] = tmp[3];
      tmp[3] = x;
    }
    for (let k = 0; k < e - s; k++) lists[s + k] = tmp[k];
  }

  /** Way `w` of the pairings (see the class) into `tmp[0..)`. */
  #arrange(w: number, four: boolean, f0: number, f1: number, f2: number, f3: number): void {
    const tmp = this.#tmp;
    if (four) {
      tmp[0] = f0;
      tmp[1] = w === 0 ? f1 : w === 1 ? f2 : f3;
      tmp[2] = w === 0 ? f2 : f1;
      tmp[3] = w === 2 ? f2 : f3;
    } else {
      tmp[0] = w === 2 ? f1 : f0;
      tmp[1] = w === 0 ? f1 : f2;
      tmp[2] = w === 0 ? f2 : w === 1 ? f1 : f0;
    }
  }

  /** Surface area (halved) of the box of the slots `lists[s..e)`. */
  #area(s: number, e: number): number {
    return this.#areaOf(this.#lists, s, e);
  }

  #areaOf(list: Uint8Array, s: number, e: number): number {
    this.#unionOfList(list, s, e);
    const u = this.#union;
    const dx = u[3] - u[0];
    const dy = u[4] - u[1];
    const dz = u[5] - u[2];
    return dx * dy + dy * dz + dz * dx;
  }

  /** The box of the slots at places `s..e` of the x list (a leaf's), into `#union`. */
  #unionOf(s: number, e: number): void {
    this.#unionOfList(this.#lists, s, e);
  }

  #unionOfList(list: Uint8Array, s: number, e: number): void {
    const box = this.#box;
    const u = this.#union;
    let o = 6 * list[s];
    let lx = box[o],
      ly = box[o + 1],
      lz = box[o + 2],
      hx = box[o + 3],
      hy = box[o + 4],
      hz = box[o + 5];
    for (let k = s + 1; k < e; k++) {
      o = 6 * list[k];
      lx = Math.min(lx, box[o]);
      ly = Math.min(ly, box[o + 1]);
      lz = Math.min(lz, box[o + 2]);
      hx = Math.max(hx, box[o + 3]);
      hy = Math.max(hy, box[o + 4]);
      hz = Math.max(hz, box[o + 5]);
    }
    u[0] = lx;
    u[1] = ly;
    u[2] = lz;
    u[3] = hx;
    u[4] = hy;
    u[5] = hz;
  }
}
