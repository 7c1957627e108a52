import type { Shape } from '@firsttouch/convex';
import { type SupportScratch, supportHeight } from './affine-body.js';

/** Rounding allowed in the closing speed, as a share of the sizes summed into it. */
const SPEED_SLACK = 1e-14;
/** Rounding allowed in a separation, as a share of the sizes summed into it. */
export const SEPARATION_SLACK = 1e-14;

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

/**
 * The separation of the bodies along the fixed unit axis n at one instant, exactly (to rounding):
 * `σ = −h_B(−L_Bᵀ n) − h_A(L_Aᵀ n) + n·(t_B − t_A)` with the maps of that instant, from two
 * supports. As a function of s it is concave (each support function is convex in its argument, which
 * is affine in s), which is what makes a chord between two of its values a lower bound of it. Writes
 * the size of its terms into `scale[0]` (the rounding it can carry is a share of it).
 */
export function separationAlong(
  shapeA: Shape<3>,
  LA: Float64Array,
  tA: Float64Array,
  shapeB: Shape<3>,
  LB: Float64Array,
  tB: Float64Array,
  n: Float64Array,
  scratch: SupportScratch,
  scale: Float64Array,
): number {
  const nx = n[0],
    ny = n[1],
    nz = n[2];
  const u = scratch.u;
  u[0] = LA[0] * nx + LA[3] * ny + LA[6] * nz;
  u[1] = LA[1] * nx + LA[4] * ny + LA[7] * nz;
  u[2] = LA[2] * nx + LA[5] * ny + LA[8] * nz;
  const hA = supportHeight(shapeA, scratch);
  u[0] = -(LB[0] * nx + LB[3] * ny + LB[6] * nz);
  u[1] = -(LB[1] * nx + LB[4] * ny + LB[7] * nz);
  u[2] = -(LB[2] * nx + LB[5] * ny + LB[8] * nz);
  const hB = supportHeight(shapeB, scratch);
  const along = nx * (tB[0] - tA[0]) + ny * (tB[1] - tA[1]) + nz * (tB[2] - tA[2]);
  scale[0] = Math.abs(hA) + Math.abs(hB) + Math.abs(along);
  return along - hA - hB;
}
