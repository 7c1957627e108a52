// The tree build is held, bit for bit, to the straightforward build it replaced (kept below as
// `referenceTree`, with the split of a surface of slivers' small subtrees by the least box area
// and a surface's split at the middle of its centroids' spread since added): boxes, child, count and
// order, for surfaces and curves, leaf sizes 1 to 7, ties, signed zeros, coordinates at the edges
// of float32. The faster build must change nothing a query can see; this is what says so.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { box, Curve, cylinder, disc, icosphere, Surface } from '../src/index.js';
import { buildTree } from '../src/tree/build.js';
import { mostlySlivers } from '../src/tree/small-split.js';
import { SAMPLE_STEP, SAMPLED_FROM } from '../src/tree/split-nodes.js';
import { arbSoup, rng } from './helpers.js';
import { plainPartition, plainSelect } from './plain-select.js';

interface Arrays {
  nodeCount: number;
  boxes: Float32Array;
  child: Uint32Array;
  count: Uint8Array;
  order: Uint32Array;
}

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);
function down32(x: number): number {
  f32[0] = x;
  if (f32[0] <= x) return f32[0];
  if (f32[0] === 0) return -1.4e-45;
  u32[0] += f32[0] > 0 ? -1 : 1;
  return f32[0];
}
const up32 = (x: number) => -down32(-x);

/** Surface area (halved) of the box of some facets (their coordinates as they are, not rounded). */
function area(positions: Float64Array, elements: Uint32Array, facets: ArrayLike<number>): number {
  const lo = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY];
  const hi = [Number.NEGATIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.NEGATIVE_INFINITY];
  for (let i = 0; i < facets.length; i++) {
    for (let a = 0; a < 3; a++) {
      const x = [0, 1, 2].map((k) => positions[3 * elements[3 * facets[i] + k] + a]);
      lo[a] = Math.min(lo[a], ...x);
      hi[a] = Math.max(hi[a], ...x);
    }
  }
  const [dx, dy, dz] = [hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]];
  return dx * dy + dy * dz + dz * dx;
}

/** The build before it was made fast: each pass over the whole tree, vertices read through `order`. */
function referenceTree(positions: Float64Array, elements: Uint32Array, dim: 2 | 3, leafSize: number): Arrays {
  const n = elements.length / dim;
  const key = new Float64Array(n * dim);
  for (let e = 0; e < n; e++) {
    for (let a = 0; a < dim; a++) {
      let s = 0;
      for (let k = 0; k < dim; k++) s += positions[elements[dim * e + k] * dim + a];
      key[e * dim + a] = s;
    }
  }
  const order = Uint32Array.from({ length: n }, (_, i) => i);
  const slivers = dim === 3 && mostlySlivers(positions, elements, n);
  const cent = key.slice();
  const child: number[] = [];
  const count: number[] = [];
  const work: number[] = [0, n, -1];
  while (work.length > 0) {
    const parent = work.pop() as number;
    const end = work.pop() as number;
    const start = work.pop() as number;
    const node = child.length;
    child.push(0);
    count.push(0);
    if (parent >= 0) child[parent] = node;
    const size = end - start;
    if (slivers && size <= 255) {
      // A surface of slivers, near the leaves: the split of the smallest boxes (the children's areas
      // summed), along the longest spread of the centroids, then x, y, z (the first on ties), each
      // axis by a sort of the facets by centroid, then index; a leaf's facets along x.
      const facets = Array.from(order.subarray(start, end));
      const along = (a: number, list: number[]) =>
        [...list].sort((f, g) => cent[3 * f + a] - cent[3 * g + a] || f - g);
      if (size <= leafSize) {
        order.set(along(0, facets), start);
        child[node] = start;
        count[node] = size;
        continue;
      }
      const spread = [0, 1, 2].map(
        (a) =>
          Math.max(...facets.map((f) => cent[3 * f + a])) - Math.min(...facets.map((f) => cent[3 * f + a])),
      );
      let first = 0;
      for (let a = 1; a < 3; a++) if (spread[a] > spread[first]) first = a;
      const mid = leafSize * Math.floor(Math.ceil(size / leafSize) / 2);
      const cost = (o: number[], m: number): number =>
        area(positions, elements, o.slice(0, m)) + area(positions, elements, o.slice(m));
      let best: number[] = [];
      let bestCost = Number.POSITIVE_INFINITY;
      if (leafSize === 2 && size <= 4) {
        const f = along(first, facets);
        const ways =
          size === 4
            ? [f, [f[0], f[2], f[1], f[3]], [f[0], f[3], f[1], f[2]]]
            : [f, [f[0], f[2], f[1]], [f[1], f[2], f[0]]];
        for (const w of ways) {
          const c = cost(w, 2);
          if (c < bestCost) [best, bestCost] = [w, c];
        }
        best = [...along(0, best.slice(0, 2)), ...along(0, best.slice(2))];
      } else {
        for (const a of [first, ...[0, 1, 2].filter((x) => x !== first)]) {
          const w = along(a, facets);
          const c = cost(w, mid);
          if (c < bestCost) [best, bestCost] = [w, c];
        }
      }
      order.set(best, start);
      work.push(start + mid, end, node, start, start + mid, -1);
      continue;
    }
    if (end - start <= leafSize) {
      child[node] = start;
      count[node] = end - start;
      continue;
    }
    const lo = new Array(dim).fill(Number.POSITIVE_INFINITY);
    const hi = new Array(dim).fill(Number.NEGATIVE_INFINITY);
    // A surface's node of more than SAMPLED_FROM elements (not of slivers): the spread of every
    // SAMPLE_STEP-th key from its first.
    const step = dim === 3 && !slivers && end - start > SAMPLED_FROM ? SAMPLE_STEP : 1;
    for (let i = start; i < end; i += step) {
      for (let a = 0; a < dim; a++) {
        if (key[i * dim + a] < lo[a]) lo[a] = key[i * dim + a];
        if (key[i * dim + a] > hi[a]) hi[a] = key[i * dim + a];
      }
    }
    let axis = 0;
    for (let a = 1; a < dim; a++) if (hi[a] - lo[a] > hi[axis] - lo[axis]) axis = a;
    let mid = -1;
    if (dim === 3 && !slivers) mid = centreSplit(order, key, axis, start, end, leafSize, lo[axis], hi[axis]);
    if (mid < 0) {
      // whole leaves to the left, half of them: every leaf full but the last
      mid = start + leafSize * Math.floor(Math.ceil((end - start) / leafSize) / 2);
      // Hoare's quickselect, median of three: the permutation it leaves is the tree's `order`.
      plainSelect(order, key, dim, axis, start, end - 1, mid);
    }
    work.push(mid, end, node, start, mid, -1);
  }
  const nodeCount = child.length;
  const boxes = new Float32Array(2 * dim * nodeCount);
  for (let node = nodeCount - 1; node >= 0; node--) {
    const o = 2 * dim * node;
    if (count[node] > 0) {
      for (let a = 0; a < dim; a++) {
        let mn = Number.POSITIVE_INFINITY;
        let mx = Number.NEGATIVE_INFINITY;
        for (let i = child[node]; i < child[node] + count[node]; i++) {
          for (let k = 0; k < dim; k++) {
            const x = positions[elements[dim * order[i] + k] * dim + a];
            if (x < mn) mn = x;
            if (x > mx) mx = x;
          }
        }
        boxes[o + a] = down32(mn);
        boxes[o + dim + a] = up32(mx);
      }
    } else {
      const [l, r] = [2 * dim * (node + 1), 2 * dim * child[node]];
      for (let a = 0; a < dim; a++) {
        boxes[o + a] = Math.min(boxes[l + a], boxes[r + a]);
        boxes[o + dim + a] = Math.max(boxes[l + dim + a], boxes[r + dim + a]);
      }
    }
  }
  return {
    nodeCount,
    boxes,
    child: Uint32Array.from(child),
    count: Uint8Array.from(count),
    order,
  };
}

/**
 * A surface's split (not of slivers), written plainly: a node of at most two leaves gets its
 * `leafSize` least keys on `axis` in front (each the first least of the rest); a larger one is
 * partitioned by Hoare's scans around the middle of [lo, hi]; where a side then holds less than 3/8,
 * the median is selected in the side that holds it; otherwise the left side is made whole leaves by
 * taking the right side's least keys in or giving its largest out, whichever moves fewer. Returns the
 * right child's first position, or −1 (the median).
 */
function centreSplit(
  order: Uint32Array,
  key: Float64Array,
  axis: number,
  start: number,
  end: number,
  leafSize: number,
  lo: number,
  hi: number,
): number {
  const size = end - start;
  const swap = (p: number, q: number) => {
    [order[p], order[q]] = [order[q], order[p]];
    for (let d = 0; d < 3; d++) [key[3 * p + d], key[3 * q + d]] = [key[3 * q + d], key[3 * p + d]];
  };
  /** The position of the first least (or largest) key on the axis among positions `from..to`. */
  const extreme = (from: number, to: number, largest: boolean) => {
    let best = from;
    for (let t = from; t <= to; t++) {
      const k = key[3 * t + axis];
      if (largest ? k > key[3 * best + axis] : k < key[3 * best + axis]) best = t;
    }
    return best;
  };
  if (size <= 2 * leafSize) {
    for (let p = start; p < start + leafSize; p++) swap(p, extreme(p, end - 1, false));
    return start + leafSize;
  }
  const c = lo + 0.5 * (hi - lo);
  // a middle that is no number (keys overflowed to ±∞): the median
  let p = c >= lo && c <= hi ? plainPartition(order, key, 3, axis, start, end - 1, c)[0] : start;
  const left = p - start;
  if (8 * left < 3 * size || 8 * left > 5 * size) {
    // the median after all, selected in the side that holds it
    const mid = start + leafSize * Math.floor(Math.ceil(size / leafSize) / 2);
    if (mid >= p) plainSelect(order, key, 3, axis, p, end - 1, mid);
    else plainSelect(order, key, 3, axis, start, p - 1, mid);
    return mid;
  }
  const r = left % leafSize;
  if (r > 0 && leafSize - r <= r) {
    for (let m = r; m < leafSize; m++, p++) swap(p, extreme(p, end - 1, false));
  } else {
    // The largest scanned from the right end of the left side: the last of equal ones.
    for (let m = 0; m < r; m++, p--) {
      let best = p - 1;
      for (let t = p - 2; t >= start; t--) if (key[3 * t + axis] > key[3 * best + axis]) best = t;
      swap(p - 1, best);
    }
  }
  return p > start && p < end ? p : -1;
}

/** The first difference between the fast build and the reference, or '' when bit for bit the same. */
function difference(positions: Float64Array, elements: Uint32Array, dim: 2 | 3, leafSize: number): string {
  const fast = buildTree(positions, elements, dim, leafSize);
  const ref = referenceTree(positions, elements, dim, leafSize);
  if (fast.nodeCount !== ref.nodeCount) return `nodeCount ${fast.nodeCount} vs ${ref.nodeCount}`;
  for (const name of ['boxes', 'child', 'count', 'order'] as const) {
    const a = fast[name];
    const b = ref[name];
    if (a.length !== b.length) return `${name} length ${a.length} vs ${b.length}`;
    // A box bound of zero may differ in sign: the build rounds each facet's box to float32 first, and
    // a facet whose least coordinate is 1e-310 gives +0 where the reference, taking the least of the
    // leaf's float64 coordinates first, meets another facet's −0. No query tells ±0 apart (bounds are
    // compared and subtracted); everything else is held bit for bit.
    const same = name === 'boxes' ? (x: number, y: number) => x === y : Object.is;
    for (let i = 0; i < a.length; i++) if (!same(a[i], b[i])) return `${name}[${i}] ${a[i]} vs ${b[i]}`;
  }
  // The keys may share the boxes' buffer during the build (one key more than the boxes hold): what
  // the tree hands out beyond its boxes must be nothing of theirs.
  const beyond = new Uint8Array(fast.boxes.buffer, fast.boxes.byteOffset + fast.boxes.byteLength);
  if (beyond.some((x) => x !== 0)) return `bytes beyond the boxes: ${beyond.length}, not zero`;
  const bytes = fast.boxes.byteLength + fast.child.byteLength;
  if (fast.byteLength !== bytes + fast.count.byteLength + fast.order.byteLength) return 'byteLength';
  return '';
}

const LEAVES = [1, 2, 3, 7];

describe('buildTree against the reference build', () => {
  it('gives the same arrays for the shapes', () => {
    const shapes = [icosphere(1, 0), icosphere(1, 3), box(1, 5), cylinder(0.5, 1, 40)];
    shapes.push(icosphere(2, 2).translate([1e3, -7, 0.5]).rotate([1, 2, 3], 0.7));
    // Larger than SAMPLED_FROM facets: the top nodes' spreads sampled.
    shapes.push(icosphere(1, 5), box(1, 30));
    for (const s of shapes) {
      for (const leaf of LEAVES) expect(difference(s.positions, s.indices, 3, leaf)).toBe('');
    }
    for (const c of [disc(1, 300), Curve.fromPolyline([0, 1, 1, 0, 0.5], [0, 0, 1, 1, 0.5])]) {
      for (const leaf of LEAVES) expect(difference(c.positions, c.indices, 2, leaf)).toBe('');
    }
  });

  it('gives the same arrays with ties, repeated facets and signed zeros', () => {
    const random = rng(7);
    // coordinates on a coarse grid: many equal centroid keys, so the median split meets ties
    const grid: number[] = [];
    for (let i = 0; i < 9 * 9000; i++) grid.push(Math.round(random() * 6) / 2 - 1.5);
    const zeros: number[] = [];
    for (let i = 0; i < 40; i++) zeros.push(-0, 0, -0, 0, -0, 0, 0, 0, -0, i % 3, -0, 0);
    for (const xyz of [grid, zeros, new Array(9 * 50).fill(0)]) {
      const s = Surface.fromTriangles(xyz.slice(0, xyz.length - (xyz.length % 9)));
      for (const leaf of LEAVES) expect(difference(s.positions, s.indices, 3, leaf)).toBe('');
    }
  });

  it('gives the same arrays at the edges of float32', () => {
    // subnormal, smallest normal, powers of two, neighbours of float32 values, the largest float32
    const edge = [0, -0, 1e-40, -1e-40, 2 ** -126, -(2 ** -126), 1, -1, 0.5, 1 + 2 ** -30, 1 - 2 ** -30];
    edge.push(Math.fround(0.1), 0.1, -0.1, 3.4028234663852886e38, -3.4028234663852886e38, 3.4e38, 1e-310);
    const random = rng(11);
    const xyz: number[] = [];
    for (let i = 0; i < 9 * 400; i++) xyz.push(edge[Math.floor(random() * edge.length)]);
    const s = Surface.fromTriangles(xyz);
    for (const leaf of LEAVES) expect(difference(s.positions, s.indices, 3, leaf)).toBe('');
  });

  it('gives the same arrays for surfaces of slivers (their small subtrees split by box area)', () => {
    // Long thin facets: shapes stretched 200 times along x, and a wall of strips.
    const stretched = [icosphere(1, 2), box(1, 6), cylinder(0.5, 1, 40)].map((s) => s.scale(200, 1, 1));
    const xyz: number[] = [];
    const faces: number[] = [];
    for (let k = 0; k < 40; k++) {
      const v = xyz.length / 3;
      xyz.push(0, 0, k, 300, 0, k, 300, 0, k + 1, 0, 0, k + 1);
      faces.push(v, v + 1, v + 2, v, v + 2, v + 3);
    }
    stretched.push(Surface.fromIndexed(xyz, faces));
    for (const s of stretched) {
      expect(mostlySlivers(s.positions, s.indices, s.facetCount)).toBe(true);
      for (const leaf of LEAVES) expect(difference(s.positions, s.indices, 3, leaf)).toBe('');
    }
    for (const s of [icosphere(1, 3), box(1, 5)])
      expect(mostlySlivers(s.positions, s.indices, s.facetCount)).toBe(false);
    // Ties: coordinates on a coarse grid, stretched.
    const random = rng(5);
    const grid: number[] = [];
    for (let i = 0; i < 9 * 2000; i++)
      grid.push((Math.round(random() * 6) / 2 - 1.5) * (i % 3 === 0 ? 100 : 1));
    const g = Surface.fromTriangles(grid);
    expect(mostlySlivers(g.positions, g.indices, g.facetCount)).toBe(true);
    for (const leaf of LEAVES) expect(difference(g.positions, g.indices, 3, leaf)).toBe('');
    fc.assert(
      fc.property(arbSoup(150), fc.constantFrom(...LEAVES), (xyz, leaf) => {
        const s = Surface.fromTriangles(xyz.map((x, i) => (i % 3 === 0 ? 1000 * x : x)));
        expect(difference(s.positions, s.indices, 3, leaf)).toBe('');
      }),
      { numRuns: 60 },
    );
  });

  it('gives the same arrays for random soups', () => {
    fc.assert(
      fc.property(arbSoup(150), fc.constantFrom(...LEAVES), (xyz, leaf) => {
        const s = Surface.fromTriangles(xyz);
        expect(difference(s.positions, s.indices, 3, leaf)).toBe('');
      }),
      { numRuns: 60 },
    );
    // Soups larger than SAMPLED_FROM, one with far facets that a sample of the spread can miss.
    const random = rng(3);
    for (const far of [0, 3]) {
      const xyz: number[] = [];
      for (let i = 0; i < 9 * 12_000; i++) xyz.push(random());
      for (let i = 0; i < 9 * far; i++) xyz.push(1000 + random());
      const s = Surface.fromTriangles(xyz);
      for (const leaf of LEAVES) expect(difference(s.positions, s.indices, 3, leaf)).toBe('');
    }
  });
});
