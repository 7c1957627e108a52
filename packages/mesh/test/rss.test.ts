// The RSS of the surface trees: each contains its node's vertices (float32 storage included), and the
// node bound of a large B never exceeds the exact gap between the two nodes' facets, less the margin.
import { poseFromAxisAngle } from '@firsttouch/pose';
import bunnyData from 'bunny';
import { describe, expect, it } from 'vitest';
import { SurfaceSearch } from '../src/distance/surface-search.js';
import { icosphere, Surface, surfaceDistance } from '../src/index.js';
import { rssOf } from '../src/tree/rss.js';
import { RSS_AXIS, RSS_C, RSS_L, RSS_R, RSS_STRIDE, rssNode } from '../src/tree/rss-layout.js';
import { placeRss } from '../src/tree/rss-place.js';
import { randomUnit, rng } from './helpers.js';

function soup(r: () => number, n: number, spread: number, size: number, offset: number): Surface {
  const p: number[] = [];
  const ix: number[] = [];
  for (let f = 0; f < n; f++) {
    const c = [spread * (2 * r() - 1), spread * (2 * r() - 1), spread * (2 * r() - 1)];
    for (let k = 0; k < 3; k++) {
      for (let a = 0; a < 3; a++) p.push(offset + c[a] + size * (2 * r() - 1));
      ix.push(3 * f + k);
    }
  }
  return Surface.fromIndexed(p, ix);
}

function bunny(offset: number): Surface {
  return Surface.fromIndexed(
    bunnyData.positions.flat().map((x) => x / 10 + offset),
    bunnyData.cells.flat(),
  );
}

/** The largest amount by which a vertex of a node lies outside the node's RSS (≤ 0: all inside). */
function worstOutside(s: Surface): number {
  const rss = rssOf(s);
  const t = s.tree();
  const v = new Float64Array(12);
  let worst = Number.NEGATIVE_INFINITY;
  for (let node = 0; node < t.nodeCount; node++) {
    let l = node;
    while (t.count[l] === 0) l++;
    let r = node;
    while (t.count[r] === 0) r = t.child[r];
    rssNode(rss, node, v); // a0, a1, c, l0, l1, r
    for (let k = t.child[l]; k < t.child[r] + t.count[r]; k++) {
      const f = t.order[k];
      for (let c = 0; c < 3; c++) {
        const w = 3 * s.indices[3 * f + c];
        // Offsets from the grid's origin are exact far from the origin (Sterbenz), and the centre's
        // offset (an integer times a power of two) is exact; a point of the rectangle at the clamped
        // coordinates bounds the distance from above.
        const d = [0, 1, 2].map(
          (a) => s.positions[w + a] - rss.origin[a] - rss.data[RSS_STRIDE * node + RSS_C + a] * rss.step,
        );
        const su = [0, 1].map((a) => {
          const x = v[3 * a] * d[0] + v[3 * a + 1] * d[1] + v[3 * a + 2] * d[2];
          const lim = v[9 + a];
          return Math.max(-lim, Math.min(lim, x));
        });
        const e = [0, 1, 2].map((a) => d[a] - su[0] * v[a] - su[1] * v[3 + a]);
        const out = Math.hypot(e[0], e[1], e[2]) - v[11];
        if (out > worst) worst = out;
      }
    }
  }
  return worst;
}

describe('RSS of the surface trees', () => {
  it('contain every vertex of their node, near and far from the origin', () => {
    const r = rng(0x2550);
    for (const offset of [0, 1e4, 1e6]) {
      const bodies = [
        soup(r, 300, 1, 0.2, offset),
        soup(r, 50, 0.1, 1, offset), // long thin facets crossing each other
        soup(r, 40, 1e-3, 1e-4, offset),
        icosphere(1, 3).translate([offset, offset, offset]),
        icosphere(0.3, 1).translate([offset, -offset, offset]),
        bunny(offset),
        // sizes far from 1: the grid's step follows the body
        icosphere(1, 2).scale(1e-300).translate([offset, 0, 0]),
        icosphere(1, 2).scale(1e200).translate([offset, 0, 0]),
      ];
      for (const s of bodies) {
        const v = rssOf(s);
        expect(v.data.length).toBe(RSS_STRIDE * s.tree().nodeCount);
        expect(v.byteLength).toBe(24 * s.tree().nodeCount);
        expect(worstOutside(s)).toBeLessThanOrEqual(0);
      }
    }
  });

  it('are built once a tree', () => {
    const s = icosphere(1, 2);
    expect(rssOf(s)).toBe(rssOf(s));
  });

  it('bound node pairs of a large B below the exact gap of their facets, less the margin', () => {
    const r = rng(0x2551);
    for (const offset of [0, 1e4, 1e6]) {
      const a = icosphere(1, 3).translate([offset, offset, offset]); // 1 280 facets
      const b = [soup(r, 700, 0.5, 0.15, 0), icosphere(0.6, 3), bunny(0)][Math.floor(3 * r())];
      const q = new SurfaceSearch(new Float64Array(3), new Float64Array(3));
      q.bind(a, b);
      expect(q.refit).toBe(false);
      const ta = q.ta;
      const tb = q.tb;
      for (let pose = 0; pose < 12; pose++) {
        const d = randomUnit(r);
        const reach = 0.6 + 1.2 * r();
        const p = poseFromAxisAngle(randomUnit(r), Math.PI * (2 * r() - 1), [
          offset + reach * d[0],
          offset + reach * d[1],
          offset + reach * d[2],
        ]);
        q.begin(p.R, p.t);
        for (let k = 0; k < 60; k++) {
          // Nodes of at most a few dozen facets (all their pairs evaluated), near-leaves mostly.
          const i = pickNode(ta, r);
          const j = pickNode(tb, r);
          q.nodeBound(i, j);
          const bound = q.s.bound[0];
          let gap = Number.POSITIVE_INFINITY;
          for (const fa of facetsUnder(ta, i))
            for (const fb of facetsUnder(tb, j)) gap = Math.min(gap, q.facetPair(fa, fb));
          expect(bound - q.margin).toBeLessThanOrEqual(gap);
        }
      }
    }
  });

  it('leave the answer of a large pair the all-pairs one', () => {
    const r = rng(0x2552);
    const a = icosphere(1, 3).translate([1e4, 0, 0]);
    const b = soup(r, 500, 0.4, 0.1, 0);
    for (let pose = 0; pose < 3; pose++) {
      const d = randomUnit(r);
      const p = poseFromAxisAngle(randomUnit(r), 1 + pose, [1e4 + 1.1 * d[0], 1.1 * d[1], 1.1 * d[2]]);
      const res = surfaceDistance(a, b, { poseB: p });
      const q = new SurfaceSearch(new Float64Array(3), new Float64Array(3));
      q.bind(a, b);
      q.place(p.R, p.t);
      let best = Number.POSITIVE_INFINITY;
      let bestA = -1;
      let bestB = -1;
      for (let fa = 0; fa < a.facetCount; fa++)
        for (let fb = 0; fb < b.facetCount; fb++) {
          const g = q.facetPair(fa, fb);
          if (g < best) {
            best = g;
            bestA = fa;
            bestB = fb;
          }
        }
      expect(res.distance).toBe(best);
      expect([res.facetA, res.facetB]).toEqual([bestA, bestB]);
    }
  });
});

function facetsUnder(t: ReturnType<Surface['tree']>, node: number): number[] {
  let l = node;
  while (t.count[l] === 0) l++;
  let r = node;
  while (t.count[r] === 0) r = t.child[r];
  return Array.from(t.order.subarray(t.child[l], t.child[r] + t.count[r]));
}

/** A node of at most 32 facets: from the root, down to a random depth past that size. */
function pickNode(t: ReturnType<Surface['tree']>, r: () => number): number {
  let node = 0;
  for (;;) {
    if (t.count[node] > 0) return node;
    const size = facetsUnder(t, node).length;
    if (size <= 32 && r() < 0.4) return node;
    node = r() < 0.5 ? node + 1 : t.child[node];
  }
}

describe('placeRss: node j of B taken into A’s grid', () => {
  it('is R times the decoded axes and centre, plus the shift, and the sizes at the step, number for number', () => {
    const r = rng(31);
    const v = rssOf(icosphere(0.7, 3).translate([0.3, -0.2, 0.1]));
    const nodes = v.data.length / RSS_STRIDE;
    const dst = new Float64Array(12 * nodes);
    for (let round = 0; round < 20; round++) {
      const pose = poseFromAxisAngle(randomUnit(r), 6 * r(), [r(), r(), r()]);
      const shift = new Float64Array([2 * r() - 1, 2 * r() - 1, 2 * r() - 1]);
      const R = pose.R;
      for (let j = 0; j < nodes; j += 7) {
        placeRss(v, j, R, shift, dst);
        const o = RSS_STRIDE * j;
        const expected: number[] = [];
        for (let k = 0; k < 9; k += 3) {
          const f = k < 6 ? RSS_AXIS : v.step;
          const x = v.data[o + k] * f;
          const y = v.data[o + k + 1] * f;
          const z = v.data[o + k + 2] * f;
          const s = k === 6 ? shift : [0, 0, 0];
          for (let row = 0; row < 3; row++) {
            const turned = R[3 * row] * x + R[3 * row + 1] * y + R[3 * row + 2] * z;
            expected.push(k === 6 ? turned + s[row] : turned);
          }
        }
        expected.push(
          v.sizes[o + RSS_L] * v.step,
          v.sizes[o + RSS_L + 1] * v.step,
          v.sizes[o + RSS_R] * v.step,
        );
        expect(Array.from(dst.subarray(12 * j, 12 * j + 12))).toEqual(expected);
      }
    }
  });
});
