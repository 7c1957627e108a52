import type { firstImpact, firstImpact2 } from '@firsttouch/broadphase';
import type { TimeOfImpact2Result, TimeOfImpactResult } from '@firsttouch/ccd';
import type { Pose2, Pose2Like, Pose3, Pose3Like } from '@firsttouch/pose';
import { DIM2, DIM3 } from './dimension.js';
import { SteppingWorld } from './world-step.js';

/**
 * A body of a 3-D world: whatever broadphase's `firstImpact` takes.
 *
 * @example
 * ```ts
 * import type { Body3 } from '@firsttouch/world';
 * import { box } from '@firsttouch/mesh';
 * const b: Body3 = box(1);
 * ```
 */
export type Body3 = Parameters<typeof firstImpact>[0][number];
/**
 * A body of a 2-D world: whatever broadphase's `firstImpact2` takes.
 *
 * @example
 * ```ts
 * import type { Body2 } from '@firsttouch/world';
 * import { disc } from '@firsttouch/mesh';
 * const b: Body2 = disc(1, 16);
 * ```
 */
export type Body2 = Parameters<typeof firstImpact2>[0][number];

/**
 * Bodies that persist across steps, in 3-D: add them with a pose, give them targets, and ask for
 * the earliest impact of the step ({@link World.firstImpact}, equal bit for bit to broadphase's
 * `firstImpact` on the same bodies) or run the continuous step ({@link World.step}). The sorted
 * sweep-and-prune lists under the searches are kept from one search to the next and re-sorted by
 * swaps.
 *
 * Methods: `add(body, {pose, kind?, group?, mask?, shared?})` → id; `remove(id)`; `pose(id)`;
 * `target(id)`; `has(id)`; `setTarget(id, pose1)`; `firstImpact(options?)`;
 * `step(onImpact?, options?)`; `size`.
 *
 * @example
 * ```ts
 * import { World } from '@firsttouch/world';
 * import { box } from '@firsttouch/mesh';
 * import { poseFromAxisAngle } from '@firsttouch/pose';
 * const at = (x: number) => poseFromAxisAngle([0, 0, 1], 0, [x, 0, 0]);
 * const world = new World();
 * const wall = world.add(box(0.1), { pose: at(1), kind: 'static' });
 * const ball = world.add(box(0.1), { pose: at(0) });
 * world.setTarget(ball, at(2));
 * const first = world.firstImpact();
 * console.log(first.pair, first.toi.toFixed(4)); // [0, 1] 0.4500
 * // no callback: the ball stops where it touches the wall
 * const r = world.step();
 * console.log(r.status, r.events.length, world.pose(ball).t[0].toFixed(4)); // complete 1 0.9000
 * ```
 */
export class World extends SteppingWorld<Body3, Pose3Like, Pose3, TimeOfImpactResult> {
  constructor() {
    super(DIM3);
  }
}

/**
 * The 2-D twin of {@link World}: curves, 2-D poses.
 *
 * @example
 * ```ts
 * import { World2 } from '@firsttouch/world';
 * import { disc, rectangle } from '@firsttouch/mesh';
 * import { pose2 } from '@firsttouch/pose';
 * const world = new World2();
 * world.add(rectangle(0.1, 2), { pose: pose2(0, [1, 0]), kind: 'static' });
 * const puck = world.add(disc(0.1, 16), { pose: pose2(0, [0, 0]) });
 * world.setTarget(puck, pose2(0, [2, 0]));
 * // an elastic bounce: the puck goes back the way it came for the rest of the step
 * const r = world.step((e, w) => {
 *   const p = w.pose(puck);
 *   w.setTarget(puck, pose2(0, [p.t[0] - 2 * (1 - e.toi), 0]));
 * });
 * console.log(r.events.length, r.events[0].toi.toFixed(3), world.pose(puck).t[0].toFixed(3)); // 1 0.425 -0.300
 * ```
 */
export class World2 extends SteppingWorld<Body2, Pose2Like, Pose2, TimeOfImpact2Result> {
  constructor() {
    super(DIM2);
  }
}
