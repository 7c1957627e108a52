import { Curve } from '@firsttouch/mesh';
import { type Pose2, pose2 } from '@firsttouch/pose';
import type { Rng } from './harness/prng.js';

/** A convex polygon, counter-clockwise, in its body frame. */
export interface Polygon {
  u: Float64Array;
  v: Float64Array;
}

/**
 * One query of the 2-D scene: A at rest at the origin turned by `angleA`; B moving from `q0` to `q1`
 * over the step — its origin on the straight line from 3·dir to −3·dir (through A's origin) while it
 * turns by `turn` about its own origin (the motion model of firsttouch and of a planck sweep whose
 * local centre is the body origin).
 */
export interface PolygonPair {
  a: Polygon;
  b: Polygon;
  angleA: number;
  q0: Pose2;
  q1: Pose2;
  turn: number;
}

/** Smallest angle between neighbouring vertices: chords ≥ 0.05 at radius 0.5, far above planck's weld. */
const MIN_GAP = 0.1;

/**
 * A random convex polygon of 3–8 vertices on the circle of `radius` about the origin: sorted uniform
 * angles (redrawn while two neighbours are closer than 0.1 rad, so no vertex is welded away). The
 * origin need not be inside (all vertices may lie on one half circle).
 */
export function randomPolygon(rng: Rng, radius = 0.5): Polygon {
  const n = rng.int(3, 8);
  for (;;) {
    const angles = Array.from({ length: n }, () => rng.uniform(0, 2 * Math.PI)).sort((x, y) => x - y);
    let ok = true;
    for (let i = 0; i < n; i++) {
      const next = i + 1 < n ? angles[i + 1] : angles[0] + 2 * Math.PI;
      if (next - angles[i] < MIN_GAP) ok = false;
    }
    if (!ok) continue;
    return {
      u: Float64Array.from(angles, (a) => radius * Math.cos(a)),
      v: Float64Array.from(angles, (a) => radius * Math.sin(a)),
    };
  }
}

/** A pair as described on {@link PolygonPair}: direction, start angle and turn uniform, |turn| ≤ π. */
export function randomPolygonPair(rng: Rng, maxTurn = Math.PI): PolygonPair {
  const a = randomPolygon(rng);
  const b = randomPolygon(rng);
  const angleA = rng.uniform(-Math.PI, Math.PI);
  const [dx, dy] = rng.unitVector2();
  const b0 = rng.uniform(-Math.PI, Math.PI);
  const turn = rng.uniform(-maxTurn, maxTurn);
  return { a, b, angleA, q0: pose2(b0, [3 * dx, 3 * dy]), q1: pose2(b0 + turn, [-3 * dx, -3 * dy]), turn };
}

/** `count` pairs from `seed`. */
export function polygonPairs(rng: Rng, count: number): PolygonPair[] {
  return Array.from({ length: count }, () => randomPolygonPair(rng));
}

/** The polygon as a firsttouch curve: one closed loop. */
export function polygonCurve(p: Polygon): Curve {
  return Curve.fromLoops(p.u, p.v, [p.u.length]);
}
