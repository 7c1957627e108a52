// The 2-D hull and the polygon and point-set shapes: exact checks (every input point on or inside
// every edge, strict left turns only, every extreme point a vertex), degenerate inputs, and the walked
// support against a scan.

import fc from 'fast-check';
import { orient2d } from 'robust-predicates';
import { describe, expect, it } from 'vitest';
import { convexPolygon, hull2, pointSet2, type Shape, WALK_FROM } from '../src/index.js';
import { exactly, seeded } from './helpers.js';

function checkRing(p: ArrayLike<number>, ring: Uint32Array): void {
  const n = p.length / 2;
  const m = ring.length;
  expect(m).toBeGreaterThanOrEqual(3);
  for (let k = 0; k < m; k++) {
    const a = 2 * ring[k],
      b = 2 * ring[(k + 1) % m],
      c = 2 * ring[(k + 2) % m];
    // Strictly convex, counter-clockwise (orient2d is negative for a left turn).
    expect(orient2d(p[a], p[a + 1], p[b], p[b + 1], p[c], p[c + 1])).toBeLessThan(0);
    let outside = -1;
    for (let i = 0; i < n && outside < 0; i++) {
      if (orient2d(p[a], p[a + 1], p[b], p[b + 1], p[2 * i], p[2 * i + 1]) > 0) outside = i;
    }
    expect(outside, `a point right of edge ${k}`).toBe(-1);
  }
  expect(new Set(ring).size).toBe(m);
}

const small = fc.integer({ min: -3, max: 3 });
const grid = fc
  .tuple(
    fc.array(fc.tuple(small, small), { minLength: 3, maxLength: 40 }),
    fc.constantFrom(1, 0.1, 1e-150, 1e150),
  )
  .map(([pts, s]) => pts.flat().map((x) => x * s))
  .filter((p) => {
    try {
      hull2(p);
      return true;
    } catch {
      return false;
    }
  });

describe('hull2 and polygons', () => {
  it('random and grid clouds: a strictly convex counter-clockwise ring holding every point', () => {
    const next = seeded(5);
    for (const n of [3, 4, 10, 100, 1000]) {
      const p = Array.from({ length: 2 * n }, () => 2 * next() - 1);
      checkRing(p, hull2(p));
    }
    fc.assert(
      fc.property(grid, (p) => {
        const s = Math.max(...p.map(Math.abs));
        // The exact checks on the points scaled to about 1 (products of 1e-150 underflow).
        const q = p.map((x) => x / 2 ** Math.floor(Math.log2(s)));
        checkRing(q, hull2(p));
      }),
      { numRuns: 300 },
    );
  });

  it('a square with points on its edges, inside and repeated: its 4 corners, counter-clockwise', () => {
    const p = [0, 0, 1, 0, 2, 0, 2, 1, 2, 2, 1, 2, 0, 2, 0, 1, 1, 1, 2, 2, 0, 0];
    expect(Array.from(hull2(p))).toEqual([0, 2, 4, 6]);
    expect(convexPolygon(p).params.vertices).toBe(4);
  });

  it('a point at 1 and a cloud of 2⁻⁶⁰⁰: turns below 2⁻¹⁰⁷⁴ are decided, in exact integers', () => {
    // robust-predicates alone takes the cloud's turns, products that underflow, for straight lines.
    // Positive for a left turn a, b, c.
    const turn = (p: number[], a: number, b: number, c: number): bigint => {
      const [ax, ay, bx, by, cx, cy] = [2 * a, 2 * a + 1, 2 * b, 2 * b + 1, 2 * c, 2 * c + 1].map((i) =>
        exactly(p[i]),
      );
      return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
    };
    const next = seeded(9);
    for (const e of [540, 600, 1000]) {
      const p = [1, 0];
      for (let i = 0; i < 20; i++) p.push((2 * next() - 1) * 2 ** -e, (2 * next() - 1) * 2 ** -e);
      const ring = Array.from(hull2(p));
      const m = ring.length;
      expect(m).toBeGreaterThan(3);
      for (let k = 0; k < m; k++) {
        expect(turn(p, ring[k], ring[(k + 1) % m], ring[(k + 2) % m]) > 0n).toBe(true);
        for (let i = 0; i < p.length / 2; i++)
          expect(turn(p, ring[k], ring[(k + 1) % m], i) >= 0n).toBe(true);
      }
    }
  });

  it('coordinates 2¹⁰⁰⁰ apart on one axis: no point loses bits to the scaling (an adversarial probe)', () => {
    const t = 5e-324;
    expect(Array.from(hull2([0, 0, 4, 0, 0, 4, 1, -t])).sort()).toEqual([0, 1, 2, 3]);
    // (point 3 is the midpoint of the edge from 0 to 1)
    expect(Array.from(hull2([0, 0, 2, 6 * t, 1, -1, 1, 3 * t])).sort()).toEqual([0, 1, 2]);
    expect(Array.from(hull2([0, 0, 4, 0, 2, t])).sort()).toEqual([0, 1, 2]);
  });

  it('supports walk around large polygons to the scanned answer; point sets scan or walk', () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 200 }), fc.integer({ min: 0, max: 1e6 }), (n, seed) => {
        const next = seeded(seed);
        // Points on a circle (all extreme) and a few inside.
        const p: number[] = [];
        for (let i = 0; i < n; i++) {
          const a = 2 * Math.PI * next();
          p.push(Math.cos(a), Math.sin(a), 0.3 * next(), 0.3 * next());
        }
        let shape: Shape<2>;
        try {
          shape = convexPolygon(p);
        } catch {
          return;
        }
        const set = pointSet2(p);
        expect(shape.climb).toBe(shape.params.vertices >= WALK_FROM);
        const P = shape.vertices();
        const out = new Float64Array(3);
        let from = -1;
        for (let k = 0; k < 30; k++) {
          const a = 2 * Math.PI * next();
          const d = Float64Array.of(Math.cos(a), Math.sin(a), 0);
          from = shape.support(d, out, from);
          let best = Number.NEGATIVE_INFINITY;
          for (let i = 0; i < P.length; i += 2) best = Math.max(best, d[0] * P[i] + d[1] * P[i + 1]);
          expect(d[0] * out[0] + d[1] * out[1]).toBe(best);
          set.support(d, out);
          expect(d[0] * out[0] + d[1] * out[1]).toBe(best);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('point sets accept a point and a segment', () => {
    const out = new Float64Array(3);
    expect(pointSet2([1, 2]).support(Float64Array.of(-1, 0, 0), out)).toBe(0);
    expect(Array.from(out)).toEqual([1, 2, 0]);
    const line = pointSet2(Array.from({ length: 40 }, (_, i) => [i, 2 * i]).flat());
    expect(line.climb).toBe(false);
    line.support(Float64Array.of(1, 1, 0), out);
    expect(Array.from(out)).toEqual([39, 78, 0]);
  });
});
