// A body queried once through a convenience call can be collected once its caller lets go of it:
// no pool, cache or scratch of the packages keeps a body (or a curve) alive after the call. Each
// case makes a fresh body, queries it once, drops it, forces collections and asks a WeakRef.
// (Before the pools were cleared on release, the time of impact kept the last pair's bodies and
// the hull searches kept the first small convex body they met, for the life of the process.)

import {
  box,
  Curve,
  curveDistance,
  disc,
  icosphere,
  rectangle,
  type Surface,
  surfaceDistance,
} from '@firsttouch/mesh';
import { identityPose, pose2, poseFromAxisAngle } from '@firsttouch/pose';
import { describe, expect, it } from 'vitest';
import { collected } from '../../../scripts/collected.js';
import { timeOfImpact, timeOfImpact2 } from '../src/index.js';
import { unitBunny } from './helpers.js';

const rest = identityPose();
/** The bench's pebble throw, through the bunny's lower body. */
const THROW = {
  a: [rest, rest],
  b: [
    poseFromAxisAngle([0, 1, 0], 0, [-0.6, -0.2, -0.2]),
    poseFromAxisAngle([0, 1, 0], Math.PI / 2, [0.6, -0.2, -0.2]),
  ],
} as const;
const thrown = (b: Surface, directional: boolean | 'auto') =>
  timeOfImpact(unitBunny(), b, THROW, { directional });

describe('a body queried once through a convenience call can be collected', () => {
  it('surfaceDistance, a small convex B against the bunny (the hull search)', async () => {
    const at = poseFromAxisAngle([0, 0, 1], 0.3, [0.6, 0.1, 0]);
    expect(
      await collected(
        () => box(0.04, 2),
        (b) => surfaceDistance(unitBunny(), b, { poseB: at }),
      ),
    ).toBe(true);
  });

  it('surfaceDistance, two convex bodies (the convex path) and two large ones (both trees)', async () => {
    const at = poseFromAxisAngle([0, 0, 1], 0.3, [3, 0, 0]);
    expect(
      await collected(
        () => icosphere(0.5, 2),
        (b) => surfaceDistance(box(1), b, { poseB: at }),
      ),
    ).toBe(true);
    expect(
      await collected(
        () => unitBunny().scale(0.6),
        (b) => surfaceDistance(unitBunny(), b, { poseB: poseFromAxisAngle([0, 1, 0], 1, [0.9, 0, 0]) }),
      ),
    ).toBe(true);
  });

  it('curveDistance', async () => {
    expect(
      await collected(
        () => disc(0.5, 64),
        (c) => curveDistance(rectangle(1, 1), c, { poseB: pose2(0, [3, 0]) }),
      ),
    ).toBe(true);
  });

  it('timeOfImpact, plain steps and the default', async () => {
    expect(
      await collected(
        () => box(0.04, 2),
        (b) => thrown(b, false),
      ),
    ).toBe(true);
    expect(
      await collected(
        () => box(0.04, 2),
        (b) => thrown(b, 'auto'),
      ),
    ).toBe(true);
  });

  it('timeOfImpact, the directional bound (the hull clearance of a small convex B)', async () => {
    expect(
      await collected(
        () => box(0.04, 2),
        (b) => thrown(b, true),
      ),
    ).toBe(true);
  });

  it('timeOfImpact, two convex bodies (the convex path)', async () => {
    const motion = {
      a: [rest, rest],
      b: [poseFromAxisAngle([0, 0, 1], 0, [3, 0, 0]), poseFromAxisAngle([0, 0, 1], 1, [-3, 0, 0])],
    } as const;
    expect(
      await collected(
        () => box(1),
        (b) => timeOfImpact(box(1), b, motion, { directional: true }),
      ),
    ).toBe(true);
  });

  it('timeOfImpact2, the default and the directional bound', async () => {
    const motion = { a: [pose2(), pose2()], b: [pose2(0, [3, 0.2]), pose2(2, [-3, 0.2])] } as const;
    const ell = () => Curve.fromLoops([0, 2, 2, 1, 1, 0], [0, 0, 1, 1, 2, 2], [6]);
    expect(
      await collected(
        () => disc(0.5, 16),
        (c) => timeOfImpact2(rectangle(1, 1), c, motion),
      ),
    ).toBe(true);
    expect(
      await collected(ell, (c) => timeOfImpact2(rectangle(1, 1), c, motion, { directional: true })),
    ).toBe(true);
  });
});
