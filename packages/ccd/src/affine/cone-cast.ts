import type { Shape } from '@firsttouch/convex';
import { type SupportScratch, supportHeight } from './affine-body.js';

/** Rounding allowed in the closing speed, as a share of the sizes summed into it. */
const SPEED_SLACK = 1e-14;

/**
 * The closing speed of C5D's cone cast along a fixed unit axis n (from A to B): with
 * `L(s) = L(s₀) + (s − s₀) ΔL` and `t(s) = t(s₀) + (s − s₀) Δt` for each body, the separation along n
 * (the least n·x over B less the largest over A) falls by at most
 *
 *   V = h_A(ΔL_Aᵀ n) + h_B(−ΔL_Bᵀ n) − n·(Δt_B − Δt_A)
 *
 * per unit of s, for all s ≥ s₀ at once (support functions are sublinear:
 * h(u + τw) ≤ h(u) + τ h(w), and each body's map is linear in s), h being the support function of
 * the body's own shape. V is rounded up by a share of the terms, so that the bound survives the
 * rounding of its own computation. Allocates nothing; ≤ 0 means the separation never falls.
 *
 * @param n - the unit axis (A's side to B's), 3 numbers.
 * @param dt - Δt_B − Δt_A.
 */
export function closingSpeed(
  shapeA: Shape<3>,
  dLA: Float64Array,
  shapeB: Shape<3>,
  dLB: Float64Array,
  dt: Float64Array,
  n: Float64Array,
  scratch: SupportScratch,
): number {
  const nx = n[0],
    ny = n[1],
    nz = n[2];
  const u = scratch.u;
  u[0] = dLA[0] * nx + dLA[3] * ny + dLA[6] * nz;
  u[1] = dLA[1] * nx + dLA[4] * ny + dLA[7] * nz;
  u[2] = dLA[2] * nx + dLA[5] * ny + dLA[8] * nz;
  const hA = supportHeight(shapeA, scratch);
  u[0] = -(dLB[0] * nx + dLB[3] * ny + dLB[6] * nz);
  u[1] = -(dLB[1] * nx + dLB[4] * ny + dLB[7] * nz);
  u[2] = -(dLB[2] * nx + dLB[5] * ny + dLB[8] * nz);
  const hB = supportHeight(shapeB, scratch);
  const along = nx * dt[0] + ny * dt[1] + nz * dt[2];
  const V = hA + hB - along;
  return V + SPEED_SLACK * (Math.abs(hA) + Math.abs(hB) + Math.abs(along));
}
