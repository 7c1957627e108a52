import type { CastStatusValue } from '@firsttouch/convex';
import type { ImpactRun } from './impact-record.js';
import { CcdStatus } from './status.js';

/**
 * A cast's answer read against the run's `horizon`, into `out`'s status, toi and `horizonReached`;
 * returns the instant whose gap the record takes. The cast certifies the gap ≥ tol/2 on [0, toi]
 * whatever it answers, so an answer past the horizon (a contact after it, Separate, or a lower bound
 * past it) says no contact up to the horizon: `NotConverged` there with `horizonReached`, as the
 * loop stops. An answer at or before the horizon is the cast's, bit for bit: a run with a horizon
 * (the broad phase's pair runs) and one without agree wherever the first ends by a contact.
 *
 * @example
 * ```ts
 * import { ball, castShape } from '@firsttouch/convex';
 * import { timeOfImpact } from '@firsttouch/ccd';
 * import { poseFromAxisAngle } from '@firsttouch/pose';
 * const at = (x: number) => poseFromAxisAngle([0, 0, 1], 0, [x, 0, 0]);
 * const motion = { a: [at(0), at(0)], b: [at(4), at(0)] } as const;
 * // the balls touch at s = 0.5: a horizon of 0.6 takes the cast's toi, one of 0.4 stops there
 * const whole = timeOfImpact(ball(1), ball(1), motion);
 * const near = timeOfImpact(ball(1), ball(1), motion, { horizon: 0.6 });
 * const short = timeOfImpact(ball(1), ball(1), motion, { horizon: 0.4 });
 * console.log(near.toi === whole.toi, short.status, short.toi, short.horizonReached); // true not-converged 0.4 true
 * ```
 */
export function castWithin(status: CastStatusValue, toi: number, horizon: number, out: ImpactRun): number {
  if (toi > horizon && status !== CcdStatus.InitialContact) {
    out.status = CcdStatus.NotConverged;
    out.toi = horizon;
    out.horizonReached = true;
    return horizon;
  }
  out.status = status;
  out.toi = toi;
  out.horizonReached = false;
  return toi;
}
