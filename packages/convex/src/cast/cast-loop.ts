import { OVERLAP_SHARE, runDistance } from '../gjk/distance-loop.js';
import { ABSOLUTE_SLACK, type GjkState } from '../gjk/gjk-state.js';

/**
 * How a cast ended: the values of ccd's `CcdStatus`, declared here (the convex layer sits below
 * ccd), with the same meaning.
 *
 * | status | meaning | toi |
 * | --- | --- | --- |
 * | `Contact` | the shapes come within the tolerance | the first parameter found with gap ≤ tolerance |
 * | `Separate` | no contact over the step | 1 |
 * | `InitialContact` | the gap at s = 0 is already ≤ tolerance | 0 |
 * | `NotConverged` | the iteration cap was hit | a certified lower bound of the contact time |
 *
 * @example
 * ```ts
 * import { CastStatus } from '@firsttouch/convex';
 * console.log(CastStatus.Contact, CastStatus.InitialContact); // contact initial-contact
 * ```
 */
export const CastStatus = Object.freeze({
  Contact: 'contact',
  Separate: 'separate',
  InitialContact: 'initial-contact',
  NotConverged: 'not-converged',
} as const);

/**
 * One of the values of {@link CastStatus}.
 *
 * @example
 * ```ts
 * import { CastStatus, type CastStatusValue } from '@firsttouch/convex';
 * const s: CastStatusValue = CastStatus.Separate;
 * ```
 */
export type CastStatusValue = (typeof CastStatus)[keyof typeof CastStatus];

/** What the distance at s = 1 of a separate cast is run to (GjkPair's default). */
const FINAL_RELATIVE = 1e-13;
const FINAL_ITERATIONS = 128;

/**
 * The GJK ray cast (van den Bergen, seed 002) with conservative steps. B translates by `r` relative
 * to A over s ∈ [0, 1] (A's frame, orientations fixed): the cores' gap at s is the distance from
 * q(s) = −s·r to the difference D = B − A of the cores at s = 0. GJK runs at the current q; each
 * support w along −v̂ gives the plane of D's points: every y in D has v̂·(y − q) ≥ L = v̂·(w − q),
 * and as s grows the plane's height changes at the rate v̂·r, so the cores' gap stays at least
 * `L + (s' − s) v̂·r` at every s' ≥ s. When L exceeds the target (margins + tolerance / 2), s moves
 * to where that height reaches the target (or to the end of the step when it never does): the gap
 * stays ≥ tolerance / 2 on the way. Contact is declared where |v| (an upper bound of the gap, from
 * points of the shapes) is within margins + tolerance; at s = 0, only a lower bound above margins +
 * tolerance may start the advance, so that an initial gap ≤ tolerance is always `InitialContact`.
 * Sets `g.toi` and the state's fields at the toi (`coreUpper`, the simplex); allocates nothing.
 */
export function runCast(
  g: GjkState,
  r: Float64Array,
  tolerance: number,
  maxIterations: number,
): CastStatusValue {
  const S = g.simplex;
  const q = g.q;
  const rx = r[0],
    ry = r[1],
    rz = r[2];
  q[0] = q[1] = q[2] = 0;
  g.measure();
  // q runs to −r: the size of the scene along the whole step.
  const scale = g.scale + Math.abs(rx) + Math.abs(ry) + Math.abs(rz);
  const floor = OVERLAP_SHARE * scale;
  const slack = ABSOLUTE_SLACK * scale;
  const target = g.margin + 0.5 * tolerance;
  const contact = g.margin + tolerance;
  let s = 0;
  let overlap = g.warm();
  let status: CastStatusValue = CastStatus.NotConverged;
  let iterations = 0;
  let stalled = false;
  const v = S.v;
  for (;;) {
    const vx = v[0],
      vy = v[1],
      vz = v[2];
    const vv = vx * vx + vy * vy + vz * vz;
    if (overlap || (S.n > 0 && vv <= floor * floor)) {
      overlap = true;
      status = s > 0 ? CastStatus.Contact : CastStatus.InitialContact;
      break;
    }
    const norm = Math.sqrt(vv);
    if (S.n > 0 && norm <= contact) {
      status = s > 0 ? CastStatus.Contact : CastStatus.InitialContact;
      break;
    }
    if (iterations >= maxIterations || stalled) break;
    iterations++;
    const known = g.support();
    const o = 3 * S.n;
    const along = (vx * S.y[o] + vy * S.y[o + 1] + vz * S.y[o + 2]) / norm;
    let moved = false;
    if (s > 0 ? along > target : along > contact) {
      // The plane's height falls at −rate a unit of s; it reaches the target at s + step.
      const rate = (vx * rx + vy * ry + vz * rz) / norm;
      const step = rate < 0 ? (along - target) / -rate : Number.POSITIVE_INFINITY;
      if (s + step >= 1) {
        status = CastStatus.Separate;
        s = 1;
        q[0] = -rx;
        q[1] = -ry;
        q[2] = -rz;
        break;
      }
      s += step;
      q[0] = -s * rx;
      q[1] = -s * ry;
      q[2] = -s * rz;
      g.requery(S.n + 1);
      moved = true;
    } else if (S.n > 0 && s === 0 && norm - along <= FINAL_RELATIVE * norm + slack) {
      // Converged at s = 0 with the gap within rounding of the tolerance: touching now. (Not before
      // the first point: |v| is then the origins' offset, only a direction; a shape whose core does
      // not hold its origin, such as an offset point set, came out touching a ball 0.44 away.)
      status = CastStatus.InitialContact;
      break;
    }
    if (S.n === 0) {
      S.n = 1;
      S.reduce();
      continue;
    }
    if (!known) S.n++;
    else if (!moved) {
      // The support repeats a point of the simplex: at this q the search can go no further, while
      // its bounds are more than tolerance / 2 apart (rounding beyond any margin): give up here.
      stalled = true;
      continue;
    }
    overlap = S.reduce();
    // At a fixed q, |v| must shrink; rounding that stops it ends the search.
    if (!moved && !overlap) stalled = !(v[0] * v[0] + v[1] * v[1] + v[2] * v[2] < vv);
  }
  g.toi = s;
  g.overlap = overlap;
  g.iterations = iterations;
  if (status === CastStatus.Separate) {
    // The gap at s = 1, from the simplex the cast ends with.
    g.limits[0] = FINAL_RELATIVE;
    g.limits[1] = FINAL_ITERATIONS;
    g.limits[2] = Number.POSITIVE_INFINITY;
    runDistance(g);
    g.iterations += iterations;
    return status;
  }
  g.coreUpper = overlap ? 0 : Math.sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
  return status;
}
