// The support searches of the 2-D convex path against their plain forms: `support` must return the
// vertex a scan of every vertex returns (the first farthest, from the start vertex on), and `walk`
// the vertex a step-by-step walk stops at, to the bit, whatever the chunks and run certificates let
// them skip. The certificates are checked on their own with directions at the edge of what they
// certify, and a ring's arithmetic against the same loop given as an open chain.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convexCurve } from '../src/convex/convex-curve.js';
import { ConvexCurvePair } from '../src/convex/convex-curve-pair.js';
import { supportPolar, walkPolar } from '../src/convex/convex-curve-polar.js';
import {
  CURVE_RUN,
  runRises,
  support,
  supportAll,
  supportRuns,
  WALK_FROM,
  walk,
} from '../src/convex/convex-curve-support.js';
import { Curve, disc, rectangle } from '../src/index.js';
import { rng } from './helpers.js';

type Pt = [number, number];

function loop(points: Pt[]): Curve {
  return Curve.fromLoops(
    points.map((p) => p[0]),
    points.map((p) => p[1]),
    [points.length],
  );
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

/** The plain support: every vertex in order from `from`, the first farthest kept. */
function supportPlain(P: Float64Array, from: number, dx: number, dy: number): number {
  let found = from;
  let best = dx * P[2 * from] + dy * P[2 * from + 1];
  for (let k = 0; k < P.length / 2; k++) {
    const h = dx * P[2 * k] + dy * P[2 * k + 1];
    if (h > best) {
      best = h;
      found = k;
    }
  }
  return found;
}

const NONE = new Float64Array(0);

describe('support searches', () => {
  it('support with chunks and run certificates returns the plain scan’s vertex', () => {
    const r = rng(31);
    const dir = new Float64Array(2);
    let certifiedRuns = 0;
    for (let k = 0; k < 48; k++) {
      const c = convexCurve(loop(largeLoop(r, k)));
      expect(c.loop, `shape ${k}`).toBe(true);
      expect(c.runs.length, `shape ${k}`).toBe(5 * Math.ceil((c.count - 1) / CURVE_RUN));
      for (let g = 0; g < c.runs.length; g += 5) if (c.runs[g + 2] > 0) certifiedRuns++;
      const P = c.points;
      for (const [dx, dy] of directions(r, P)) {
        dir[0] = dx;
        dir[1] = dy;
        for (let t = 0; t < 6; t++) {
          const from = Math.floor(c.count * r());
          const want = supportPlain(P, from, dx, dy);
          expect(support(P, c.chunks, c.runs, from, dir, 0), `shape ${k}, from ${from}`).toBe(want);
          expect(support(P, c.chunks, NONE, from, dir, 0)).toBe(want);
          expect(support(P, NONE, c.runs, from, dir, 0)).toBe(want);
          expect(supportAll(P, from, dir, 0)).toBe(want);
        }
      }
    }
    expect(certifiedRuns).toBeGreaterThan(500);
  });

  it('support with polar bounds returns the plain scan’s vertex', () => {
    const r = rng(33);
    const dir = new Float64Array(2);
    let polar = 0;
    for (let k = 0; k < 96; k++) {
      const c = convexCurve(loop(largeLoop(r, k)));
      if (c.polar.length === 0) continue;
      polar++;
      const P = c.points;
      for (const [dx, dy] of [...directions(r, P), ...binEdges(r)]) {
        dir[0] = dx;
        dir[1] = dy;
        for (let t = 0; t < 6; t++) {
          // the start anywhere, and at the vertices that tie or nearly tie with the farthest
          const want0 = supportPlain(P, 0, dx, dy);
          const from = t < 3 ? Math.floor(c.count * r()) : (want0 + t - 4 + c.count) % c.count;
          const want = supportPlain(P, from, dx, dy);
          expect(supportPolar(P, c.polar, from, dir, 0), `shape ${k}, from ${from}`).toBe(want);
        }
      }
    }
    expect(polar).toBeGreaterThan(60);
  });

  it('support and walk with polar bounds on random ellipses: the plain scan’s vertex, the walk’s stop', () => {
    // Random sizes, proportions, phases, turns and offsets (the fixed shapes above are rings of one
    // phase): a fresh draw at every run of the suite.
    const generic = fc.integer({ min: 1, max: 2 ** 30 }).map((i) => i / 2 ** 30);
    const dir = new Float64Array(4);
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
          const points = Array.from({ length: n }, (_, i): Pt => {
            const t = (2 * Math.PI * (i + phase)) / n;
            const x = rx * Math.cos(t),
              y = ry * Math.sin(t);
            return [far + c0 * x - s0 * y, s0 * x + c0 * y];
          });
          const c = convexCurve(loop(points));
          if (c.polar.length === 0) return;
          tabled++;
          const P = c.points;
          const r = rng(seed);
          for (const [dx, dy] of [...directions(r, P), ...binEdges(r)]) {
            dir[0] = dir[2] = dx;
            dir[1] = dir[3] = dy;
            for (let t = 0; t < 3; t++) {
              const from = Math.floor(c.count * r());
              expect(supportPolar(P, c.polar, from, dir, 0)).toBe(supportPlain(P, from, dx, dy));
              expect(walkPolar(P, c.polar, from, dir, 2)).toBe(walk(P, c.count, from, dir, 2, NONE));
            }
          }
        },
      ),
      { numRuns: 40 },
    );
    // Most draws get a table (those far from the origin and thin may not).
    expect(tabled).toBeGreaterThan(10);
  });

  it('walk with polar bounds stops where the step-by-step walk stops', () => {
    const r = rng(34);
    const dir = new Float64Array(4);
    let long = 0;
    for (let k = 0; k < 96; k++) {
      const c = convexCurve(loop(largeLoop(r, k)));
      if (c.polar.length === 0) continue;
      const P = c.points;
      for (const [dx, dy] of [...directions(r, P), ...binEdges(r)]) {
        dir[2] = dx;
        dir[3] = dy;
        for (let t = 0; t < 6; t++) {
          const from = Math.floor(c.count * r());
          const plain = walk(P, c.count, from, dir, 2, NONE);
          expect(walkPolar(P, c.polar, from, dir, 2), `shape ${k}, from ${from}`).toBe(plain);
          if (Math.min(Math.abs(plain - from), c.count - Math.abs(plain - from)) > 2 * CURVE_RUN) long++;
        }
      }
    }
    expect(long).toBeGreaterThan(1000);
  });

  it('walk with run certificates stops where the step-by-step walk stops', () => {
    const r = rng(32);
    const dir = new Float64Array(4);
    let crossed = 0;
    for (let k = 0; k < 48; k++) {
      const c = convexCurve(loop(largeLoop(r, k)));
      const P = c.points;
      for (const [dx, dy] of directions(r, P)) {
        dir[2] = dx;
        dir[3] = dy;
        for (let t = 0; t < 6; t++) {
          const from = Math.floor(c.count * r());
          const plain = walk(P, c.count, from, dir, 2, NONE);
          const fast = walk(P, c.count, from, dir, 2, c.runs);
          expect(fast, `shape ${k}, from ${from}, direction ${dx} ${dy}`).toBe(plain);
          const steps = Math.min(Math.abs(plain - from), c.count - Math.abs(plain - from));
          if (steps > 2 * CURVE_RUN) crossed++;
        }
      }
    }
    expect(crossed).toBeGreaterThan(1000);
  });

  it('a certified run rises in floating point too, for directions at the edge of the certificate', () => {
    const r = rng(33);
    let tested = 0;
    const wrong: string[] = [];
    for (let k = 0; k < 48; k++) {
      const c = convexCurve(loop(largeLoop(r, k)));
      const P = c.points;
      const runs = c.runs;
      for (let g = 0; g < runs.length / 5; g++) {
        const o = 5 * g;
        if (!(runs[o + 2] > 0)) continue;
        // Directions from b turned by up to the largest angle the bound could certify, and a little more.
        const reach = Math.acos(Math.min(1, runs[o + 2])) + Math.asin(Math.min(1, runs[o + 3]));
        for (let t = 0; t < 40; t++) {
          const turn = (Math.PI / 2 - reach / 2) * (0.9 + 0.2 * r()) * (r() < 0.5 ? -1 : 1);
          for (const sign of [1, -1]) {
            const bx = sign * runs[o],
              by = sign * runs[o + 1];
            const dx = bx * Math.cos(turn) - by * Math.sin(turn),
              dy = bx * Math.sin(turn) + by * Math.cos(turn);
            if (!runRises(runs, g, dx, dy, sign)) continue;
            tested++;
            const from = g * CURVE_RUN;
            const to = Math.min(from + CURVE_RUN, c.count - 1);
            for (let i = from; i < to; i++) {
              // as the searches compute it; backwards, the earlier point is the farther
              const h0 = dx * P[2 * i] + dy * P[2 * i + 1];
              const h1 = dx * P[2 * i + 2] + dy * P[2 * i + 3];
              if (!(sign > 0 ? h1 > h0 : h0 > h1))
                wrong.push(`shape ${k}, run ${g}, edge ${i}, d ${dx} ${dy}`);
            }
          }
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(tested).toBeGreaterThan(2000);
  });

  it('runs only for loops of WALK_FROM points or more; a run that turns past a half turn is never certified', () => {
    expect(convexCurve(disc(1, WALK_FROM - 1)).runs.length).toBe(0);
    expect(convexCurve(disc(1, WALK_FROM)).runs.length).toBe(5 * Math.ceil((WALK_FROM - 1) / CURVE_RUN));
    expect(convexCurve(rectangle(1, 1)).runs.length).toBe(0);
    // an open chain back to its start: convex, no loop, no runs
    const d = disc(0.5, 40);
    const open = Curve.fromPolyline(
      [...d.positions.filter((_, i) => i % 2 === 0), d.positions[0]],
      [...d.positions.filter((_, i) => i % 2 === 1), d.positions[1]],
    );
    expect([convexCurve(open).loop, convexCurve(open).runs.length]).toEqual([false, 0]);
    // a needle: 30 points out along a line and back, the turn at its tip inside one run
    const pts: Pt[] = [];
    for (let i = 0; i < 15; i++) pts.push([i / 14, 1e-3 * Math.sin((Math.PI * i) / 14)]);
    for (let i = 14; i >= 0; i--) pts.push([i / 14, -1e-3 * Math.sin((Math.PI * i) / 14) - 1e-3]);
    const needle = convexCurve(loop(pts));
    expect(needle.convex).toBe(true);
    const spans = Array.from({ length: needle.runs.length / 5 }, (_, g) => needle.runs[5 * g + 2]);
    expect(spans.some((cos) => cos === -1)).toBe(true);
    expect(supportRuns(new Float64Array(0), 1).length).toBe(0);
  });

  it('ring: segment k joins points k and k + 1, and gives the witness of the same loop as an open chain', () => {
    expect(convexCurve(rectangle(1, 2)).ring).toBe(true);
    expect(convexCurve(disc(1, 40)).ring).toBe(true);
    // a repeated vertex: a loop, but its segments are no longer numbered by its points
    const repeated = loop([
      [0, 0],
      [0, 0],
      [1, 0],
      [1, 1],
    ]);
    expect([convexCurve(repeated).loop, convexCurve(repeated).ring]).toEqual([true, false]);
    const r = rng(34);
    let resolved = 0;
    for (let k = 0; k < 300; k++) {
      // below WALK_FROM points both forms take the same GJK steps; only resolve's numbering differs
      const n = 3 + Math.floor((WALK_FROM - 3) * r());
      const pts = Array.from({ length: n }, (_, i): Pt => {
        const t = (2 * Math.PI * (i + 0.8 * r())) / n;
        return [0.5 * Math.cos(t), 0.3 * Math.sin(t)];
      });
      if (k % 3 === 0) pts.splice(1, 0, [(pts[0][0] + pts[1][0]) / 2, (pts[0][1] + pts[1][1]) / 2]);
      const ringForm = loop(pts);
      const chainForm = Curve.fromPolyline(
        [...pts.map((p) => p[0]), pts[0][0]],
        [...pts.map((p) => p[1]), pts[0][1]],
      );
      expect([convexCurve(ringForm).ring, convexCurve(chainForm).ring]).toEqual([true, false]);
      const other = disc(0.2, 3 + (k % 9));
      const [x, y] = k % 2 === 0 ? [ringForm, chainForm] : [other, other];
      const [p, q] = k % 2 === 0 ? [other, other] : [ringForm, chainForm];
      const one = new ConvexCurvePair(k % 2 === 0 ? x : p, k % 2 === 0 ? p : x);
      const two = new ConvexCurvePair(k % 2 === 0 ? y : q, k % 2 === 0 ? q : y);
      for (let i = 0; i < 5; i++) {
        const angle = 6 * r(),
          dir = 2 * Math.PI * r(),
          f = 0.55 + 2 * r();
        const place = [Math.cos(angle), Math.sin(angle), f * Math.cos(dir), f * Math.sin(dir)] as const;
        const fields = (pair: ConvexCurvePair) => {
          const lb = pair.evaluate(...place);
          const ok = pair.resolve();
          if (ok) resolved++;
          return [lb, ok, pair.segmentA, pair.segmentB, pair.distance, ...pair.pointA, ...pair.pointB];
        };
        expect(fields(one), `case ${k}, pose ${i}`).toEqual(fields(two));
      }
    }
    expect(resolved).toBeGreaterThan(2000);
  });
});
