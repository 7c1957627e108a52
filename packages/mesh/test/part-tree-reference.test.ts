// The part tree's median split by selection (src/tree/part-tree.ts) against a build that sorts each
// node's parts, as the tree was built before: by (coordinate, part index), a total order, so both
// must give the same sets at every node and the same arrays bit for bit, ties and all.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildPartTree, NO_PART } from '../src/internal.js';

/** The tree built with a full sort of each node's parts (the reference). */
function sortedPartTree(parts: Float64Array, dim: 2 | 3) {
  const w = dim + 1;
  const n = parts.length / w;
  const nodeCount = 2 * n - 1;
  const balls = new Float64Array(w * nodeCount);
  const child = new Uint32Array(nodeCount);
  const part = new Uint32Array(nodeCount).fill(NO_PART);
  const order = new Uint32Array(n).map((_, i) => i);
  const stack: number[] = [0, 0, n];
  while (stack.length > 0) {
    const end = stack.pop()!;
    const first = stack.pop()!;
    const node = stack.pop()!;
    const lo = new Array(dim).fill(Number.POSITIVE_INFINITY);
    const hi = new Array(dim).fill(Number.NEGATIVE_INFINITY);
    for (let k = first; k < end; k++) {
      const o = w * order[k];
      for (let a = 0; a < dim; a++) {
        lo[a] = Math.min(lo[a], parts[o + a] - parts[o + dim]);
        hi[a] = Math.max(hi[a], parts[o + a] + parts[o + dim]);
      }
    }
    const b = w * node;
    for (let a = 0; a < dim; a++) balls[b + a] = 0.5 * (lo[a] + hi[a]);
    let radius = 0;
    for (let k = first; k < end; k++) {
      const o = w * order[k];
      let d2 = 0;
      for (let a = 0; a < dim; a++) d2 += (parts[o + a] - balls[b + a]) ** 2;
      radius = Math.max(radius, Math.sqrt(d2) + parts[o + dim]);
    }
    if (end - first === 1) {
      balls[b + dim] = parts[w * order[first] + dim];
      for (let a = 0; a < dim; a++) balls[b + a] = parts[w * order[first] + a];
      part[node] = order[first];
      continue;
    }
    balls[b + dim] = radius * (1 + 1e-12);
    let axis = 0;
    let spread = -1;
    for (let a = 0; a < dim; a++) {
      let cl = Number.POSITIVE_INFINITY;
      let ch = Number.NEGATIVE_INFINITY;
      for (let k = first; k < end; k++) {
        cl = Math.min(cl, parts[w * order[k] + a]);
        ch = Math.max(ch, parts[w * order[k] + a]);
      }
      if (ch - cl > spread) {
        spread = ch - cl;
        axis = a;
      }
    }
    const range = Array.from(order.subarray(first, end));
    range.sort((i, j) => parts[w * i + axis] - parts[w * j + axis] || i - j);
    order.set(range, first);
    const mid = first + ((end - first) >> 1);
    const left = node + 1;
    const right = left + 2 * (mid - first) - 1;
    child[node] = right;
    stack.push(right, mid, end, left, first, mid);
  }
  return { balls, child, part };
}

/** Part balls from integers: small grids make many equal coordinates (ties), and −0 among them. */
const partsOf = (dim: 2 | 3) =>
  fc
    .array(
      fc.tuple(
        fc.integer({ min: -4, max: 4 }),
        fc.integer({ min: -4, max: 4 }),
        fc.integer({ min: -4, max: 4 }),
        fc.integer({ min: 1, max: 3 }),
      ),
      {
        minLength: 1,
        maxLength: 300,
      },
    )
    .map((list) => {
      const w = dim + 1;
      const parts = new Float64Array(w * list.length);
      list.forEach(([x, y, z, r], i) => {
        const c = [x === 0 && i % 2 === 1 ? -0 : x / 2, y / 3, z];
        for (let a = 0; a < dim; a++) parts[w * i + a] = c[a];
        parts[w * i + dim] = r / 10;
      });
      return parts;
    });

function expectSame(parts: Float64Array, dim: 2 | 3): void {
  const tree = buildPartTree(parts, dim);
  const ref = sortedPartTree(parts, dim);
  expect(Array.from(tree.part)).toEqual(Array.from(ref.part));
  expect(Array.from(tree.child)).toEqual(Array.from(ref.child));
  expect(Buffer.from(tree.balls.buffer).equals(Buffer.from(ref.balls.buffer))).toBe(true);
}

describe('the part tree by selection is the part tree by sorting', () => {
  it('3-D, grids of many ties and scattered balls', () => {
    fc.assert(
      fc.property(partsOf(3), (parts) => expectSame(parts, 3)),
      { numRuns: 300 },
    );
  });

  it('2-D discs', () => {
    fc.assert(
      fc.property(partsOf(2), (parts) => expectSame(parts, 2)),
      { numRuns: 300 },
    );
  });

  it('orders that defeat a median of three (sorted, reversed, organ pipe, all equal) stay exact', () => {
    const n = 5000;
    const orders: Array<(i: number) => number> = [
      (i) => i,
      (i) => n - i,
      (i) => Math.min(i, n - i),
      () => 1,
      (i) => (i % 2 === 0 ? i : n - i),
    ];
    for (const at of orders) {
      const parts = new Float64Array(4 * n);
      for (let i = 0; i < n; i++) {
        parts[4 * i] = at(i);
        parts[4 * i + 3] = 0.5;
      }
      expectSame(parts, 3);
    }
  });
});
