// The tree build is held, bit for bit, to the straightforward build it replaced (kept below as
// `referenceTree`): boxes, child, count and order, for surfaces and curves, leaf sizes 1 to 7, ties,
// signed zeros, coordinates at the edges of float32. The faster build must change nothing a query
// can see; this is what says so.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { box, Curve, cylinder, disc, icosphere, Surface } from '../src/index.js';
import { buildTree } from '../src/tree/build.js';
import { arbSoup, rng } from './helpers.js';

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
    if (end - start <= leafSize) {
      child[node] = start;
      count[node] = end - start;
      continue;
    }
    const lo = new Array(dim).fill(Number.POSITIVE_INFINITY);
    const hi = new Array(dim).fill(Number.NEGATIVE_INFINITY);
    for (let i = start; i < end; i++) {
      for (let a = 0; a < dim; a++) {
        if (key[i * dim + a] < lo[a]) lo[a] = key[i * dim + a];
        if (key[i * dim + a] > hi[a]) hi[a] = key[i * dim + a];
      }
    }
    let axis = 0;
    for (let a = 1; a < dim; a++) if (hi[a] - lo[a] > hi[axis] - lo[axis]) axis = a;
    // whole leaves to the left, half of them: every leaf full but the last
    const mid = start + leafSize * Math.floor(Math.ceil((end - start) / leafSize) / 2);
    // Hoare's quickselect, median of three: the permutation it leaves is the tree's `order`.
    let l = start;
    let h = end - 1;
    while (h > l) {
      const m = (l + h) >>> 1;
      const [a, b, c] = [key[l * dim + axis], key[m * dim + axis], key[h * dim + axis]];
      const pivot = a < b ? (b < c ? b : a < c ? c : a) : a < c ? a : b < c ? c : b;
      let i = l;
      let j = h;
      while (i <= j) {
        while (key[i * dim + axis] < pivot) i++;
        while (key[j * dim + axis] > pivot) j--;
        if (i <= j) {
          [order[i], order[j]] = [order[j], order[i]];
          for (let d = 0; d < dim; d++)
            [key[i * dim + d], key[j * dim + d]] = [key[j * dim + d], key[i * dim + d]];
          i++;
          j--;
        }
      }
      if (mid <= j) h = j;
      else if (mid >= i) l = i;
      else break;
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
  const bytes = fast.boxes.byteLength + fast.child.byteLength;
  if (fast.byteLength !== bytes + fast.count.byteLength + fast.order.byteLength) return 'byteLength';
  return '';
}

const LEAVES = [1, 2, 3, 7];

describe('buildTree against the reference build', () => {
  it('gives the same arrays for the shapes', () => {
    const shapes = [icosphere(1, 0), icosphere(1, 3), box(1, 5), cylinder(0.5, 1, 40)];
    shapes.push(icosphere(2, 2).translate([1e3, -7, 0.5]).rotate([1, 2, 3], 0.7));
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
    for (let i = 0; i < 9 * 3000; i++) grid.push(Math.round(random() * 6) / 2 - 1.5);
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

  it('gives the same arrays for random soups', () => {
    fc.assert(
      fc.property(arbSoup(150), fc.constantFrom(...LEAVES), (xyz, leaf) => {
        const s = Surface.fromTriangles(xyz);
        expect(difference(s.positions, s.indices, 3, leaf)).toBe('');
      }),
      { numRuns: 60 },
    );
  });
});
