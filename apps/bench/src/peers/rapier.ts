import RAPIER from '@dimforge/rapier3d-compat';
import { type Pose3, quaternionOfPose } from '@firsttouch/pose';

/** The Rapier module, initialised (its WebAssembly is inlined in the -compat build). */
export type Rapier = typeof RAPIER;

let ready: Promise<Rapier> | undefined;

/** Initialises Rapier once per process (`await RAPIER.init()`), then hands out the module. */
export function loadRapier(): Promise<Rapier> {
  ready ??= RAPIER.init().then(() => RAPIER);
  return ready;
}

/** A vector as Rapier takes it. */
export interface Vec3 {
  x: number;
  y: number;
  z: number;
}

/** A world without gravity: the scenes only query it, they never simulate. */
export function queryWorld(R: Rapier): RAPIER.World {
  return new R.World({ x: 0, y: 0, z: 0 });
}

/**
 * A fixed collider holding the convex hull of `vertices` (3 numbers each, body frame) placed at
 * `pose`. Rapier computes the hull itself and stores it in float32.
 */
export function convexHullCollider(
  R: Rapier,
  world: RAPIER.World,
  vertices: ArrayLike<number>,
  pose: Pose3,
): RAPIER.Collider {
  const desc = R.ColliderDesc.convexHull(Float32Array.from(vertices));
  if (desc === null) throw new Error('Rapier could not build a convex hull of these vertices');
  return placedCollider(world, desc, pose);
}

/**
 * A fixed collider of a primitive at `pose`, with Rapier's own names and conventions (axis along y,
 * half extents): `{ball: r}`, `{capsule: [halfHeight, r]}`, `{cuboid: [hx, hy, hz]}`.
 */
export function primitiveCollider(
  R: Rapier,
  world: RAPIER.World,
  shape: { ball: number } | { capsule: [number, number] } | { cuboid: [number, number, number] },
  pose: Pose3,
): RAPIER.Collider {
  const desc =
    'ball' in shape
      ? R.ColliderDesc.ball(shape.ball)
      : 'capsule' in shape
        ? R.ColliderDesc.capsule(shape.capsule[0], shape.capsule[1])
        : R.ColliderDesc.cuboid(shape.cuboid[0], shape.cuboid[1], shape.cuboid[2]);
  return placedCollider(world, desc, pose);
}

function placedCollider(world: RAPIER.World, desc: RAPIER.ColliderDesc, pose: Pose3): RAPIER.Collider {
  const q = quaternionOfPose(pose);
  desc.setTranslation(pose.t[0], pose.t[1], pose.t[2]);
  desc.setRotation({ x: q[0], y: q[1], z: q[2], w: q[3] });
  return world.createCollider(desc);
}

/** A Rapier hit reduced to what the scenes compare. */
export interface CastHit {
  /** Time of first contact, in units of the velocities given (the step is [0, maxToi]). */
  toi: number;
  /** World point of first contact on the hit collider (castShape) or on `a` in its frame (castCollider). */
  witness: Vec3;
}

/**
 * Translation-only time of impact of two colliders: `a` moves by `velA` and `b` by `velB` per unit
 * time, neither turns (Rapier's linear casts keep the orientation fixed). Null when they stay apart
 * over [0, maxToi]; 0 when they start in contact.
 */
export function castPair(
  a: RAPIER.Collider,
  velA: Vec3,
  b: RAPIER.Collider,
  velB: Vec3,
  maxToi = 1,
  targetDistance = 0,
): CastHit | null {
  const hit = a.castCollider(velA, b, velB, targetDistance, maxToi, true);
  return hit === null ? null : { toi: hit.time_of_impact, witness: hit.witness1 };
}

/**
 * Brings the world's broad phase up to date after colliders were added or moved: world queries see
 * nothing before it (measured with Rapier 0.21: a cast returns null until the first step). The world
 * has no gravity and no bodies, so the step moves nothing.
 */
export function syncBroadPhase(world: RAPIER.World): void {
  world.step();
}

/**
 * The same query through the world: `shape` cast from `pose` by `velocity` against every collider,
 * broad phase first (call {@link syncBroadPhase} after changing the colliders).
 */
export function castShapeInWorld(
  world: RAPIER.World,
  shape: RAPIER.Shape,
  pose: Pose3,
  velocity: Vec3,
  maxToi = 1,
): (CastHit & { collider: RAPIER.Collider }) | null {
  const q = quaternionOfPose(pose);
  const hit = world.castShape(
    { x: pose.t[0], y: pose.t[1], z: pose.t[2] },
    { x: q[0], y: q[1], z: q[2], w: q[3] },
    velocity,
    shape,
    0,
    maxToi,
    true,
  );
  return hit === null ? null : { toi: hit.time_of_impact, witness: hit.witness1, collider: hit.collider };
}
