import { type Curve, curveDistance, type Surface, surfaceDistance } from '@firsttouch/mesh';
import {
  interpolatePose,
  interpolatePose2,
  motionBound2,
  motionBound3,
  type Pose2,
  type Pose3,
} from '@firsttouch/pose';

/** The poses of every body at one instant of a step. */
export interface Snapshot<P = Pose3> {
  s: number;
  poses: P[];
}

/** What the oracle found over a trajectory. */
export interface OracleReport {
  /** Pairs and instants where two bodies were found intersecting (a pass-through or worse). */
  crossings: { i: number; j: number; s: number }[];
  /** Pieces the bisection could not certify either way within its depth. */
  undecided: number;
  /** Exact distance evaluations. */
  evaluations: number;
}

/**
 * A certified dense-sampling oracle: over each piece between two snapshots every body moves from
 * its pose in the first to its pose in the second (the step's motion model), and for each pair it
 * checks that the two never intersect. The gap d(σ) of a pair changes no faster than μ_i + μ_j (the
 * speed bounds of the piece, from `motionBound3` of each body's vertices), so an interval whose end
 * gaps d0, d1 satisfy d0 + d1 > (μ_i + μ_j)·(σ1 − σ0) holds no contact; otherwise it is halved, down to
 * a depth. A sample whose exact distance (surfaceDistance) finds the surfaces intersecting is a
 * crossing. Pairs for which `tested(i, j)` is false are skipped.
 */
export function checkTrajectory(
  bodies: Surface[],
  snapshots: Snapshot[],
  tested: (i: number, j: number) => boolean,
  maxDepth = 60,
): OracleReport {
  return check(
    bodies,
    snapshots,
    tested,
    maxDepth,
    (b, p0, p1) => motionBound3(p0, p1, b.positions),
    interpolatePose,
    (a, b, pa, pb) => surfaceDistance(a, b, { poseA: pa, poseB: pb }),
  );
}

/** The 2-D twin of {@link checkTrajectory}: curves, `motionBound2`, `curveDistance`. */
export function checkTrajectory2(
  bodies: Curve[],
  snapshots: Snapshot<Pose2>[],
  tested: (i: number, j: number) => boolean,
  maxDepth = 60,
): OracleReport {
  return check(
    bodies,
    snapshots,
    tested,
    maxDepth,
    (b, p0, p1) => motionBound2(p0, p1, b.positions),
    interpolatePose2,
    (a, b, pa, pb) => curveDistance(a, b, { poseA: pa, poseB: pb }),
  );
}

function check<B, P>(
  bodies: B[],
  snapshots: Snapshot<P>[],
  tested: (i: number, j: number) => boolean,
  maxDepth: number,
  bound: (b: B, p0: P, p1: P) => number,
  interpolate: (p0: P, p1: P, s: number) => P,
  distance: (a: B, b: B, pa: P, pb: P) => { distance: number; intersecting: boolean },
): OracleReport {
  const report: OracleReport = { crossings: [], undecided: 0, evaluations: 0 };
  const n = bodies.length;
  for (let k = 0; k + 1 < snapshots.length; k++) {
    const A = snapshots[k];
    const B = snapshots[k + 1];
    if (B.s <= A.s) continue;
    const mu = bodies.map((b, i) => bound(b, A.poses[i], B.poses[i]) * (1 + 1e-9) + 1e-15);
    const at = (i: number, σ: number): P =>
      σ === 0 ? A.poses[i] : σ === 1 ? B.poses[i] : interpolate(A.poses[i], B.poses[i], σ);
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        if (!tested(i, j)) continue;
        const m = mu[i] + mu[j];
        const gap = (σ: number): number => {
          report.evaluations++;
          const r = distance(bodies[i], bodies[j], at(i, σ), at(j, σ));
          if (r.intersecting || r.distance <= 0) {
            report.crossings.push({ i, j, s: A.s + σ * (B.s - A.s) });
            return 0;
          }
          return r.distance;
        };
        const stack: [number, number, number, number, number][] = [];
        const d0 = gap(0);
        const d1 = gap(1);
        if (d0 > 0 && d1 > 0) stack.push([0, 1, d0, d1, 0]);
        while (stack.length > 0) {
          const [σ0, σ1, g0, g1, depth] = stack.pop()!;
          if (g0 + g1 > m * (σ1 - σ0)) continue;
          if (depth >= maxDepth) {
            report.undecided++;
            continue;
          }
          const σm = 0.5 * (σ0 + σ1);
          const gm = gap(σm);
          if (gm <= 0) break;
          stack.push([σ0, σm, g0, gm, depth + 1], [σm, σ1, gm, g1, depth + 1]);
        }
      }
    }
  }
  return report;
}
