// The polar table of a convex ring (moved here from mesh's 2-D convex path): its search must return
// the vertex a scan of every point returns (farthest2: the first farthest), to the bit, whatever the
// table lets it skip, for directions at the edges of its bins and square to flat runs of collinear
// points; GJK on a ring with the table must give the bounds it gives without one.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { POLAR_FROM, polarEdges, supportPolar } from '../src/hull/polar-table.js';
import { vertexSet2 } from '../src/hull/vertex-set.js';
import { GjkPair } from '../src/index.js';
import { farthest2 } from '../src/support.js';
import { seeded as rng } from './helpers.js';

type Pt = [number, number];

/** The points of a ring, u v each. */
function flat(points: Pt[]): Float64Array {
  return Float64Array.from(points.flat());
}

/** The largest |u| plus the largest |v|: the reach mesh gives its curves' tables. */
function reachOf(P: Float64Array): number {
  let u = 0,
    v = 0;
  for (let i = 0; i < P.length; i += 2) {
    u = Math.max(u, Math.abs(P[i]));
    v = Math.max(v, Math.abs(P[i + 1]));
  }
  return u + v;
}

/** Convex loops of 24 to 1000 points: circles, thin and flat ellipses, cut edges, far off the origin. */
function largeLoop(r: () => number, k: number): Pt[] {
  const n = [24, 31, 33, 64, 65, 97, 400, 1000][k % 8];
  const ring = (fx: number, fy: number, ox = 0): Pt[] =>
    Array.from({ length: n }, (_, i): Pt => {
      const t = (2 * Math.PI * i) / n + 0.3;
      return [ox + fx * Math.cos(t), fy * Math.sin(t)];
    });
  switch (Math.floor(k / 8) % 6) {
    case 0:
      return ring(0.5, 0.5);
    case 1:
      return ring(0.5, 0.01); // a wing section's proportions
    case 2: {
      // every edge of a polygon cut into collinear pieces: flat runs, ties along them
      const m = 3 + Math.floor(5 * r());
      const cuts = Math.ceil(n / m);
      const out: Pt[] = [];
      for (let i = 0; i < m; i++) {
        const a = (2 * Math.PI * i) / m,
          b = (2 * Math.PI * (i + 1)) / m;
        for (let c = 0; c < cuts; c++) {
          const s = c / cuts;
          out.push([
            0.5 * ((1 - s) * Math.cos(a) + s * Math.cos(b)),
            0.5 * ((1 - s) * Math.sin(a) + s * Math.sin(b)),
          ]);
        }
      }
      return out;
    }
    case 3:
      return ring(0.5, 0.5, 1e6); // far from the origin: the rounding of the dot products is large
    case 4: {
      // a flat arc whose bulge is at the rounding of its coordinates, closed by one far point
      const out: Pt[] = [];
      for (let i = 0; i < n - 1; i++) {
        const x = -0.5 + i / (n - 2);
        out.push([x, 1e-14 * (0.25 - x * x)]);
      }
      out.push([0, -0.3]);
      return out;
    }
    default:
      return ring(0.5, 0.5).reverse(); // clockwise
  }
}

/** Unit directions: random, axis-aligned, and square to edges of the curve (ties along flat runs). */
function directions(r: () => number, P: Float64Array): Pt[] {
  const out: Pt[] = [
    [1, 0],
    [0, 1],
    [-1, 0],
    [0, -1],
  ];
  for (let k = 0; k < 12; k++) {
    const t = 2 * Math.PI * r();
    out.push([Math.cos(t), Math.sin(t)]);
  }
  const n = P.length / 2;
  for (let k = 0; k < 8; k++) {
    const i = Math.floor(n * r());
    const j = (i + 1) % n;
    const ex = P[2 * j] - P[2 * i],
      ey = P[2 * j + 1] - P[2 * i + 1];
    const len = Math.hypot(ex, ey);
    // square to the edge, and just off square by a few ulps and by 1e-9
    for (const off of [0, 1e-15, -1e-15, 1e-9])
      out.push([ey / len + off, -ex / len], [-ey / len, ex / len - off]);
  }
  return out;
}

/**
 * Unit directions at the edges of the polar bins (pseudo-angle b / 128 within a quarter turn), and a
 * few ulps off: the bins must hold the directions rounded into them.
 */
function binEdges(r: () => number): Pt[] {
  const out: Pt[] = [];
  for (let k = 0; k < 8; k++) {
    const b = Math.floor(512 * r());
    const q = Math.floor(b / 128),
      f = (b % 128) / 128;
    const t = (q * Math.PI) / 2 + Math.atan2(f, 1 - f);
    for (const off of [0, 2e-16, -2e-16]) out.push([Math.cos(t + off), Math.sin(t + off)]);
  }
  return out;
}

describe('the polar table of a ring', () => {
  it('its search returns the plain scan’s vertex, from any start', () => {
    const r = rng(33);
    const dir = new Float64Array(2);
    let tabled = 0;
    for (let k = 0; k < 96; k++) {
      const P = flat(largeLoop(r, k));
      const polar = polarEdges(P, reachOf(P));
      if (polar.length === 0) continue;
      tabled++;
      const count = P.length / 2;
      for (const [dx, dy] of [...directions(r, P), ...binEdges(r)]) {
        dir[0] = dx;
        dir[1] = dy;
        const want = farthest2(P, dx, dy);
        for (let t = 0; t < 6; t++) {
          // the start anywhere, and at the vertices that tie or nearly tie with the farthest
          const from = t < 3 ? Math.floor(count * r()) : (want + t - 4 + count) % count;
          expect(supportPolar(P, polar, from, dir, 0), `shape ${k}, from ${from}`).toBe(want);
        }
      }
    }
    expect(tabled).toBeGreaterThan(60);
  });

  it('on random ellipses: the plain scan’s vertex', () => {
    // Random sizes, proportions, phases, turns and offsets (the fixed shapes above are rings of one
    // phase): a fresh draw at every run of the suite.
    const generic = fc.integer({ min: 1, max: 2 ** 30 }).map((i) => i / 2 ** 30);
    const dir = new Float64Array(2);
    let tabled = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 24, max: 700 }),
        fc.tuple(generic, generic, generic, generic),
        fc.constantFrom(0, 0, 1, 1e3, 1e6),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        (n, [ax, ay, phase, turn], far, seed) => {
          const rx = 0.5 * ax + 1e-3,
            ry = (0.5 * ay + 1e-3) * rx;
          const c0 = Math.cos(2 * Math.PI * turn),
            s0 = Math.sin(2 * Math.PI * turn);
          const P = flat(
            Array.from({ length: n }, (_, i): Pt => {
              const t = (2 * Math.PI * (i + phase)) / n;
              const x = rx * Math.cos(t),
                y = ry * Math.sin(t);
              return [far + c0 * x - s0 * y, s0 * x + c0 * y];
            }),
          );
          const polar = polarEdges(P, reachOf(P));
          if (polar.length === 0) return;
          tabled++;
          const r = rng(seed);
          for (const [dx, dy] of [...directions(r, P), ...binEdges(r)]) {
            dir[0] = dx;
            dir[1] = dy;
            const from = Math.floor((P.length / 2) * r());
            expect(supportPolar(P, polar, from, dir, 0)).toBe(farthest2(P, dx, dy));
          }
        },
      ),
      { numRuns: 40 },
    );
    // Most draws get a table (those far from the origin and thin may not).
    expect(tabled).toBeGreaterThan(10);
  });

  it('only for rings of POLAR_FROM points or more that turn once; directions far from unit length are scanned', () => {
    const ring = (n: number) =>
      flat(
        Array.from(
          { length: n },
          (_, i): Pt => [Math.cos((2 * Math.PI * i) / n), Math.sin((2 * Math.PI * i) / n)],
        ),
      );
    expect(polarEdges(ring(POLAR_FROM - 1), 2).length).toBe(0);
    expect(polarEdges(ring(POLAR_FROM), 2).length).toBeGreaterThan(0);
    // twice round: not one turn
    const twice = flat(
      Array.from(
        { length: 48 },
        (_, i): Pt => [Math.cos((4 * Math.PI * i) / 48), Math.sin((4 * Math.PI * i) / 48)],
      ),
    );
    expect(polarEdges(twice, 2).length).toBe(0);
    expect(vertexSet2(ring(40), 2, true).polar.length).toBeGreaterThan(0);
    expect(vertexSet2(ring(40), 2, false).polar.length).toBe(0);
    const P = ring(64);
    const polar = polarEdges(P, 2);
    const r = rng(5);
    for (let k = 0; k < 200; k++) {
      const t = 2 * Math.PI * r();
      const f = [1e-3, 3, 1e9, Number.NaN][k % 4];
      const dir = Float64Array.of(f * Math.cos(t), f * Math.sin(t));
      expect(supportPolar(P, polar, k % 64, dir, 0)).toBe(farthest2(P, dir[0], dir[1]));
    }
  });

  it('GJK on a ring with its table gives the bounds of the ring without one', () => {
    const r = rng(41);
    let apart = 0;
    for (let k = 0; k < 96; k++) {
      const P = flat(largeLoop(r, k));
      const reach = reachOf(P);
      const tabled = vertexSet2(P, reach, true);
      if (tabled.polar.length === 0) continue;
      const plain = vertexSet2(P, reach, false);
      const Q = flat(largeLoop(r, k + 3));
      const other = vertexSet2(Q, reachOf(Q), false);
      const one = new GjkPair(tabled, other);
      const two = new GjkPair(plain, other);
      for (let i = 0; i < 20; i++) {
        const a = 6 * r(),
          d = 2 * Math.PI * r(),
          f = (k % 8 === 3 ? 1e6 : 0) + 0.5 + 1.5 * r();
        const args = [Math.cos(a), Math.sin(a), f * Math.cos(d), f * Math.sin(d)] as const;
        const lb1 = one.evaluate2(...args);
        const lb2 = two.evaluate2(...args);
        const scale = f + reach + reachOf(Q);
        expect(Math.abs(lb1 - lb2), `shape ${k}, pose ${i}`).toBeLessThanOrEqual(1e-12 * scale);
        expect(one.intersecting).toBe(two.intersecting);
        // each bound below the other's distance: both certified
        expect(lb1).toBeLessThanOrEqual(two.distance + 1e-13 * scale);
        if (!one.intersecting) apart++;
      }
    }
    expect(apart).toBeGreaterThan(500);
  });
});
