// polygonStep2, the concave step of two turning convex polygons, against brute force written here:
// two random convex polygons, B placed in A's frame at s, both moving on (a translation, a turn about
// the body's origin); the step from the exact closest pair's axis must keep the brute-force gap (every
// vertex against every edge, overlap by the edges' lines) at least tol/2 over the whole step, sampled
// densely. Half the tolerance is a large share of the gap here, so that a bound that overestimates
// how far the polygons may move (the curvature term dropped, a spin turned the wrong way, the probe
// taken without measuring L there) ends inside the band.

import { convexPolygon } from '@firsttouch/convex';
import { polygonCore } from '@firsttouch/convex/internal';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type PolygonPlacement2, polygonStep2 } from '../src/internal.js';
import { real, seedFor } from './scenarios.js';

/** A convex polygon's vertices, counter-clockwise, from random points (their hull). */
const polygon = fc
  .array(fc.tuple(real(-0.6, 0.6), real(-0.6, 0.6)), { minLength: 3, maxLength: 10 })
  .map((ps) => {
    try {
      return Float64Array.from(polygonCore(convexPolygon(ps.flat()), new Float64Array(8)) ?? []);
    } catch {
      return new Float64Array(0);
    }
  })
  .filter((p) => p.length >= 6);

/** Vertex k of `p` turned by `angle` and moved by (x, y). */
function placed(p: Float64Array, angle: number, x: number, y: number): Float64Array {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  const out = new Float64Array(p.length);
  for (let k = 0; k < p.length; k += 2) {
    out[k] = c * p[k] - s * p[k + 1] + x;
    out[k + 1] = s * p[k] + c * p[k + 1] + y;
  }
  return out;
}

/** Squared distance of point (px, py) to the segment (x0, y0)–(x1, y1). */
function pointSegment2(px: number, py: number, x0: number, y0: number, x1: number, y1: number): number {
  const ex = x1 - x0;
  const ey = y1 - y0;
  const e2 = ex * ex + ey * ey;
  const t = e2 > 0 ? Math.min(1, Math.max(0, ((px - x0) * ex + (py - y0) * ey) / e2)) : 0;
  const dx = x0 + t * ex - px;
  const dy = y0 + t * ey - py;
  return dx * dx + dy * dy;
}

/** Some edge of the counter-clockwise `p` has all of `q` strictly outside its line. */
function separatedBy(p: Float64Array, q: Float64Array): boolean {
  const n = p.length / 2;
  for (let k = 0; k < n; k++) {
    const k1 = (k + 1) % n;
    const nx = p[2 * k1 + 1] - p[2 * k + 1];
    const ny = p[2 * k] - p[2 * k1];
    let all = true;
    for (let l = 0; l < q.length && all; l += 2)
      all = (q[l] - p[2 * k]) * nx + (q[l + 1] - p[2 * k + 1]) * ny > 0;
    if (all) return true;
  }
  return false;
}

/** The gap of two convex polygons (world vertices): 0 when they overlap, else the closest vertex–edge pair. */
function gap(p: Float64Array, q: Float64Array): number {
  if (!separatedBy(p, q) && !separatedBy(q, p)) return 0;
  let d2 = Number.POSITIVE_INFINITY;
  for (const [u, v] of [
    [p, q],
    [q, p],
  ]) {
    const n = v.length / 2;
    for (let i = 0; i < u.length; i += 2) {
      for (let k = 0; k < n; k++) {
        const k1 = (k + 1) % n;
        d2 = Math.min(d2, pointSegment2(u[i], u[i + 1], v[2 * k], v[2 * k + 1], v[2 * k1], v[2 * k1 + 1]));
      }
    }
  }
  return Math.sqrt(d2);
}

/** The closest pair's direction (from A to B) by brute force: the pair of points behind `gap`. */
function closestAxis(p: Float64Array, q: Float64Array): [number, number] {
  let best = Number.POSITIVE_INFINITY;
  let axis: [number, number] = [1, 0];
  const consider = (ax: number, ay: number, bx: number, by: number) => {
    const d = Math.hypot(bx - ax, by - ay);
    if (d < best && d > 0) {
      best = d;
      axis = [(bx - ax) / d, (by - ay) / d];
    }
  };
  const segmentPoint = (px: number, py: number, x0: number, y0: number, x1: number, y1: number) => {
    const ex = x1 - x0;
    const ey = y1 - y0;
    const e2 = ex * ex + ey * ey;
    const t = e2 > 0 ? Math.min(1, Math.max(0, ((px - x0) * ex + (py - y0) * ey) / e2)) : 0;
    return [x0 + t * ex, y0 + t * ey] as const;
  };
  const np = p.length / 2;
  const nq = q.length / 2;
  for (let i = 0; i < np; i++) {
    for (let k = 0; k < nq; k++) {
      const k1 = (k + 1) % nq;
      const [x, y] = segmentPoint(p[2 * i], p[2 * i + 1], q[2 * k], q[2 * k + 1], q[2 * k1], q[2 * k1 + 1]);
      consider(p[2 * i], p[2 * i + 1], x, y);
    }
  }
  for (let j = 0; j < nq; j++) {
    for (let k = 0; k < np; k++) {
      const k1 = (k + 1) % np;
      const [x, y] = segmentPoint(q[2 * j], q[2 * j + 1], p[2 * k], p[2 * k + 1], p[2 * k1], p[2 * k1 + 1]);
      consider(x, y, q[2 * j], q[2 * j + 1]);
    }
  }
  return axis;
}

function reach(p: Float64Array): number {
  let r = 0;
  for (let k = 0; k < p.length; k += 2) r = Math.max(r, Math.hypot(p[k], p[k + 1]));
  return r;
}

/** The vertex of `p` farthest along (x, y). */
function support(p: Float64Array, x: number, y: number): number {
  let best = 0;
  for (let k = 1; k < p.length / 2; k++) {
    if (x * p[2 * k] + y * p[2 * k + 1] > x * p[2 * best] + y * p[2 * best + 1]) best = k;
  }
  return best;
}

/** The step's record for a drawn scenario: B at distance r along the draw's direction, n the axis. */
function placement(
  sc: {
    a: Float64Array;
    b: Float64Array;
    angleB: number;
    direction: number;
    thetaA: number;
    thetaB: number;
    moveA: number[];
  },
  r: number,
  moveB: number[],
  nx: number,
  ny: number,
  supportA: number,
  supportB: number,
  half: number,
  edge: number,
  limit: number,
): PolygonPlacement2 {
  const { a, b, thetaA, thetaB } = sc;
  return {
    a,
    b,
    c: Math.cos(sc.angleB),
    s: Math.sin(sc.angleB),
    tu: r * Math.cos(sc.direction),
    tv: r * Math.sin(sc.direction),
    nx,
    ny,
    supportA,
    supportB,
    edge,
    half,
    floor: 0,
    limit,
    step: Number.NaN,
    nextA: -1,
    nextB: -1,
    dax: sc.moveA[0],
    day: sc.moveA[1],
    dbx: moveB[0],
    dby: moveB[1],
    thetaA,
    thetaB,
    spins: Math.abs(thetaA) * reach(a) + Math.abs(thetaB) * reach(b),
    curvature: thetaA * thetaA * reach(a) + thetaB * thetaB * reach(b),
    reachA: reach(a),
    reachB: reach(b),
    relative: Math.hypot(sc.moveA[0] - moveB[0], sc.moveA[1] - moveB[1]),
    margins: 0,
  };
}

const scenario = fc.record({
  a: polygon,
  b: polygon,
  angleB: real(-Math.PI, Math.PI),
  direction: real(-Math.PI, Math.PI),
  distance: real(0.05, 1.5),
  thetaA: fc.oneof(fc.constant(0), real(-Math.PI, Math.PI)),
  // (fast-check's doubles are often 0 or tiny: half of the turns are drawn away from 0.)
  thetaB: fc.oneof(
    real(-Math.PI, Math.PI),
    real(0.2, Math.PI).map((x) => (x > 1.6 ? 1.6 - x : x)),
  ),
  moveA: fc.tuple(real(-1, 1), real(-1, 1)),
  /** B's translation: towards A at `closing`, across at `across` (along the ray's normal). */
  closing: real(-1, 6),
  across: real(-2, 2),
  share: fc.oneof(real(0.05, 0.9), real(1e-4, 0.05)),
});

/**
 * Small polygons close together, B sliding fast while it turns: the terms of A's origin's curve seen
 * from B (its speed against B's turn) outweigh the rest.
 */
const sliding = fc
  .record({
    a: polygon,
    b: polygon,
    size: real(0.005, 0.05),
    angleB: real(-Math.PI, Math.PI),
    direction: real(-Math.PI, Math.PI),
    distance: real(0.0005, 0.02),
    thetaA: fc.oneof(fc.constant(0), real(-Math.PI, Math.PI)),
    thetaB: real(0.5, 2 * Math.PI).map((x) => (x > Math.PI ? Math.PI - x : x)),
    moveA: fc.tuple(real(-1, 1), real(-1, 1)),
    closing: real(-2, 12),
    across: real(-12, 12),
    share: fc.oneof(real(0.05, 0.9), real(1e-4, 0.05)),
  })
  .map((sc) => ({ ...sc, a: sc.a.map((x) => x * sc.size), b: sc.b.map((x) => x * sc.size) }));

/** Whose edge the axis is taken to be (each choice picks other bounds, each must be certified), from s = 0 or later. */
const FRAMES = [0, 1, 2].flatMap((edge) => [true, false].map((first) => ({ edge, first })));

describe('polygonStep2 against brute force', { timeout: 120_000 }, () => {
  it('the gap stays at least tol/2 over every step, sampled densely', () => {
    const seen = { steps: 0, concave: 0, turning: 0 };
    fc.assert(
      fc.property(scenario, (sc) => {
        const { a, b, thetaA, thetaB } = sc;
        // B's origin on the ray from A's at `direction`, pushed out until the polygons are apart.
        let r = reach(a) + reach(b) + sc.distance;
        const ux = Math.cos(sc.direction);
        const uy = Math.sin(sc.direction);
        const pa = placed(a, 0, 0, 0);
        let pb = placed(b, sc.angleB, r * ux, r * uy);
        // Walk B in while it stays apart by more than the chosen distance (a random near gap).
        for (let k = 0; k < 40; k++) {
          const g = gap(pa, pb);
          if (!(g > sc.distance)) break;
          r -= 0.5 * (g - sc.distance);
          pb = placed(b, sc.angleB, r * ux, r * uy);
        }
        const g0 = gap(pa, pb);
        if (!(g0 > 1e-3)) return;
        const [nx, ny] = closestAxis(pa, pb);
        const moveB = [-sc.closing * ux - sc.across * uy, -sc.closing * uy + sc.across * ux];
        const i = support(a, nx, ny);
        // B's support against n, in B's own numbering.
        const j = support(pb, -nx, -ny);
        const half = sc.share * g0;
        for (const frame of FRAMES) {
          const p = placement(sc, r, moveB, nx, ny, i, j, half, frame.edge, frame.first ? 1 : 0.999);
          polygonStep2(p);
          const step = p.step;
          expect(step).toBeGreaterThanOrEqual(0);
          expect(step).toBeLessThanOrEqual(1);
          if (step === 0) continue;
          seen.steps++;
          if (!frame.first && frame.edge === 2 && thetaB !== 0) seen.turning++;
          const rate = nx * (sc.moveA[0] - moveB[0]) + ny * (sc.moveA[1] - moveB[1]) + p.spins;
          if (rate > 0 && step > (g0 - half) / rate + 1e-12) seen.concave++;
          // Dense samples of [0, step], the end included.
          for (let k = 1; k <= 400; k++) {
            const t = (step * k) / 400;
            const A = placed(a, thetaA * t, sc.moveA[0] * t, sc.moveA[1] * t);
            const B = placed(b, sc.angleB + thetaB * t, r * ux + moveB[0] * t, r * uy + moveB[1] * t);
            const d = gap(A, B);
            expect(d, `gap at ${t} of the step ${step} (tol/2 = ${half})`).toBeGreaterThanOrEqual(
              half - 1e-12,
            );
          }
        }
      }),
      { numRuns: 300, seed: seedFor(3070), endOnFailure: true },
    );
    // The cases must exercise the concave step, beyond the linear one.
    expect(seen.steps).toBeGreaterThan(600);
    expect(seen.concave).toBeGreaterThan(90);
    // And the step along an axis that turns with B.
    expect(seen.turning).toBeGreaterThan(100);
  });

  // The step along B's edge keeps its own promise, stronger than the gap's: the separation along the
  // axis turning with B (every vertex of B above every vertex of A along it) stays at least tol/2.
  // The gap can stay above tol/2 after that separation fell below it, so this reads each of
  // stepAlongB's terms more closely than the gap does.
  it('along an axis turning with B, the separation along it stays at least tol/2, sampled densely', () => {
    let steps = 0;
    fc.assert(
      fc.property(fc.oneof(scenario, sliding), (sc) => {
        const { a, b, thetaA, thetaB } = sc;
        const ux = Math.cos(sc.direction);
        const uy = Math.sin(sc.direction);
        const r = reach(a) + reach(b) + sc.distance;
        const pa = placed(a, 0, 0, 0);
        const pb = placed(b, sc.angleB, r * ux, r * uy);
        // the axis: the normal of B's edge most nearly facing A (the polygons are apart along it)
        const nb = b.length / 2;
        let nx = 0;
        let ny = 0;
        let best = Number.POSITIVE_INFINITY;
        for (let k = 0; k < nb; k++) {
          const k1 = (k + 1) % nb;
          const ex = pb[2 * k1] - pb[2 * k];
          const ey = pb[2 * k1 + 1] - pb[2 * k + 1];
          const e = Math.hypot(ex, ey);
          // the inward normal of a counter-clockwise edge, as an axis from A to B
          const cx = -ey / e;
          const cy = ex / e;
          const facing = cx * ux + cy * uy;
          if (-facing < best) {
            best = -facing;
            nx = cx;
            ny = cy;
          }
        }
        const sep = (A: Float64Array, B: Float64Array, mx: number, my: number) => {
          let lo = Number.POSITIVE_INFINITY;
          let hi = Number.NEGATIVE_INFINITY;
          for (let k = 0; k < B.length; k += 2) lo = Math.min(lo, mx * B[k] + my * B[k + 1]);
          for (let k = 0; k < A.length; k += 2) hi = Math.max(hi, mx * A[k] + my * A[k + 1]);
          return lo - hi;
        };
        const s0 = sep(pa, pb, nx, ny);
        if (!(s0 > 1e-3)) return;
        const moveB = [-sc.closing * ux - sc.across * uy, -sc.closing * uy + sc.across * ux];
        const half = sc.share * s0;
        const p = placement(sc, r, moveB, nx, ny, support(a, nx, ny), support(pb, -nx, -ny), half, 2, 0.999);
        polygonStep2(p);
        const step = p.step;
        if (!(step > 0)) return;
        steps++;
        for (let k = 1; k <= 400; k++) {
          const t = (step * k) / 400;
          const A = placed(a, thetaA * t, sc.moveA[0] * t, sc.moveA[1] * t);
          const B = placed(b, sc.angleB + thetaB * t, r * ux + moveB[0] * t, r * uy + moveB[1] * t);
          const c = Math.cos(thetaB * t);
          const si = Math.sin(thetaB * t);
          const d = sep(A, B, c * nx - si * ny, si * nx + c * ny);
          expect(d, `separation at ${t} of the step ${step} (tol/2 = ${half})`).toBeGreaterThanOrEqual(
            half - 1e-12,
          );
        }
      }),
      { numRuns: 1000, seed: seedFor(3071), endOnFailure: true },
    );
    expect(steps).toBeGreaterThan(300);
  });
});
