// The speed bound of a step, computed by the tests in their own words (no code of pose's RigidMotion):
// the turn θ and axis k of R1 R0ᵀ from its trace and symmetric part, ρ = |k × R0 x| per vertex.

import type { Pose2Like, Pose3Like } from '@firsttouch/pose';
import type { OracleBody } from './bodies.js';

/** Row-major R1 R0ᵀ. */
function relativeRotation(R0: ArrayLike<number>, R1: ArrayLike<number>): number[] {
  const M: number[] = [];
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) {
      M.push(R1[3 * i] * R0[3 * j] + R1[3 * i + 1] * R0[3 * j + 1] + R1[3 * i + 2] * R0[3 * j + 2]);
    }
  }
  return M;
}

/** The turn θ ∈ [0, π] and a unit axis k of the rotation M (any unit vector when θ = 0). */
export function turnOf(M: number[]): { theta: number; k: number[] } {
  const sinVec = [(M[7] - M[5]) / 2, (M[2] - M[6]) / 2, (M[3] - M[1]) / 2]; // sin θ · k
  const sin = Math.hypot(sinVec[0], sinVec[1], sinVec[2]);
  const cos = (M[0] + M[4] + M[8] - 1) / 2;
  const theta = Math.atan2(sin, cos);
  if (theta === 0) return { theta, k: [1, 0, 0] };
  if (cos > -0.5) return { theta, k: sinVec.map((x) => x / sin) };
  // Near θ = π the antisymmetric part vanishes: k kᵀ = (M + Mᵀ − 2 cos θ I) / (2 (1 − cos θ)).
  const S = [0, 1, 2].map((i) =>
    [0, 1, 2].map((j) => (M[3 * i + j] + M[3 * j + i] - (i === j ? 2 * cos : 0)) / (2 * (1 - cos))),
  );
  let c = 0;
  for (let i = 1; i < 3; i++) if (S[i][i] > S[c][c]) c = i;
  const col = [S[0][c], S[1][c], S[2][c]];
  const n = Math.hypot(col[0], col[1], col[2]);
  return { theta, k: col.map((x) => x / n) };
}

/** μ of a body over a 3-D step: |Δ| + θ max ρ, every vertex used by a facet. */
export function speedBound3(body: OracleBody, p0: Pose3Like, p1: Pose3Like): number {
  const { theta, k } = turnOf(relativeRotation(p0.R, p1.R));
  const delta = Math.hypot(p1.t[0] - p0.t[0], p1.t[1] - p0.t[1], p1.t[2] - p0.t[2]);
  if (theta === 0) return delta;
  const R = p0.R;
  let rho = 0;
  for (const v of body.indices) {
    const x = body.positions[3 * v];
    const y = body.positions[3 * v + 1];
    const z = body.positions[3 * v + 2];
    const w = [
      R[0] * x + R[1] * y + R[2] * z,
      R[3] * x + R[4] * y + R[5] * z,
      R[6] * x + R[7] * y + R[8] * z,
    ];
    rho = Math.max(
      rho,
      Math.hypot(k[1] * w[2] - k[2] * w[1], k[2] * w[0] - k[0] * w[2], k[0] * w[1] - k[1] * w[0]),
    );
  }
  return delta + theta * rho;
}

/** The 2-D turn of a step, angle1 − angle0 taken into (−π, π]. */
export function turn2(a0: number, a1: number): number {
  let d = (a1 - a0) % (2 * Math.PI);
  if (d > Math.PI) d -= 2 * Math.PI;
  if (d <= -Math.PI) d += 2 * Math.PI;
  return d;
}

/** μ of a curve over a 2-D step: |Δ| + |θ| max |x|. */
export function speedBound2(body: OracleBody, q0: Pose2Like, q1: Pose2Like): number {
  const delta = Math.hypot(q1.t[0] - q0.t[0], q1.t[1] - q0.t[1]);
  const theta = Math.abs(turn2(q0.angle, q1.angle));
  return theta === 0 ? delta : delta + theta * body.reach;
}
