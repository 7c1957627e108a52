// timeOfImpact keeps one evaluator between queries of small bodies, and with it the motion of a body
// whose poses have not changed (the usual A, at rest): its answers must be those of a fresh evaluator,
// bit for bit, whether the poses are the same objects, new ones with the same numbers, or the same
// objects edited in place. A body at rest is placed once a step: its pose must be the motion's at
// every s.

import { box, cylinder, icosphere, type Surface } from '@firsttouch/mesh';
import { identityPose, type Pose3, poseFromAxisAngle, RigidMotion } from '@firsttouch/pose';
import { describe, expect, it } from 'vitest';
import {
  conservativeAdvance,
  impactResult,
  type Motion3,
  resolveOptions,
  SurfaceMotion,
  type TimeOfImpactResult,
  timeOfImpact,
} from '../src/index.js';
import { rng } from './helpers.js';

/** The query on a new evaluator and new motions (what timeOfImpact does for large bodies). */
function fresh(a: Surface, b: Surface, motion: Motion3): TimeOfImpactResult {
  const ea = a.extent();
  const eb = b.extent();
  const options = resolveOptions(undefined, 1e-6 * Math.max(ea.diagonal, eb.diagonal));
  const bodies = new SurfaceMotion(
    a,
    b,
    new RigidMotion(motion.a[0], motion.a[1]),
    new RigidMotion(motion.b[0], motion.b[1]),
    { tolerance: options.tolerance, convex: options.convex },
  );
  bodies.relativeError = options.gapRelativeError;
  const mu = bodies.speedBound();
  const r = conservativeAdvance(bodies, mu, options);
  const out = impactResult(bodies, { ...r, mu, tolerance: options.tolerance });
  out.horizonReached = r.horizonReached;
  return out;
}

const BODIES: Surface[] = [
  box(1),
  icosphere(0.6, 1),
  cylinder(0.4, 1.2, 9),
  box([0.3, 1, 0.6], 2).translate([0.1, 0, 0.2]),
];

describe('timeOfImpact between queries: the kept evaluator answers as a fresh one', () => {
  it('A at rest (same objects, equal copies, edited in place, arrays), B thrown through it', () => {
    const r = rng(5101);
    const rest = identityPose();
    let kept = 0;
    for (let k = 0; k < 240; k++) {
      const a = BODIES[k % BODIES.length];
      const b = BODIES[(k * 7 + 1) % BODIES.length];
      // every fourth query moves A's pose in place, another takes a copy of it, another plain arrays
      if (k % 4 === 1) rest.t[k % 3] = r() - 0.5;
      const pa: Pose3 | { R: number[]; t: number[] } =
        k % 4 === 2
          ? { R: Array.from(rest.R), t: Array.from(rest.t) }
          : k % 4 === 3
            ? { R: rest.R.slice(), t: rest.t.slice() }
            : rest;
      const u = [r() - 0.5, r() - 0.5, r() - 0.5];
      const axis = [r() - 0.5, r() - 0.5, r() - 0.5];
      const motion: Motion3 = {
        a: [pa, pa],
        b: [
          poseFromAxisAngle(axis, 6 * r(), [3 * u[0], 3 * u[1], 3 * u[2]]),
          poseFromAxisAngle(axis, 6 * r(), [-3 * u[0], -3 * u[1], -3 * u[2]]),
        ],
      };
      const x = timeOfImpact(a, b, motion);
      expect(x).toEqual(fresh(a, b, motion));
      if (x.status !== 'separate') kept++;
    }
    expect(kept).toBeGreaterThan(60);
  });

  it('A turning, then at rest, then turning again: no motion is kept past its poses', () => {
    const a = icosphere(0.5, 1);
    const b = box(0.3);
    const B: Motion3['b'] = [
      poseFromAxisAngle([0, 1, 0], 0, [2, 0.1, 0]),
      poseFromAxisAngle([0, 1, 0], 2, [-2, 0, 0.1]),
    ];
    const still = poseFromAxisAngle([1, 2, 3], 0.7, [0.1, -0.2, 0]);
    const turned = poseFromAxisAngle([1, 2, 3], 1.9, [0.1, -0.2, 0]);
    for (const A of [
      [still, turned],
      [still, still],
      [turned, still],
      [still, still],
      [still, { R: still.R, t: [0.1, -0.2, 1e-300] }],
    ] as Motion3['a'][]) {
      const motion: Motion3 = { a: A, b: B };
      expect(timeOfImpact(a, b, motion)).toEqual(fresh(a, b, motion));
    }
  });
});

describe('SurfaceMotion: a body at rest is placed once a step', () => {
  it('its pose is the motion’s at every s, −0 in the translation included', () => {
    const a = box(1);
    const b = box(0.5);
    const mb = new RigidMotion(
      poseFromAxisAngle([0, 0, 1], 0, [3, 0, 0]),
      poseFromAxisAngle([0, 0, 1], 1, [-3, 0, 0]),
    );
    const cases: Pose3[] = [
      identityPose(),
      poseFromAxisAngle([1, 1, 0], 0.4, [0.2, -0.3, 0.1]),
      { R: identityPose().R, t: new Float64Array([-0, 0, -0]) },
    ];
    for (const p of cases) {
      for (const q of [p, { R: p.R.slice(), t: p.t.slice() }]) {
        const ma = new RigidMotion(p, q);
        const bodies = new SurfaceMotion(a, b, ma, mb, { tolerance: 1e-6 });
        for (const s of [0, 0.25, 1 / 3, 0.5, 1, 0.75, 0]) {
          bodies.distance(s);
          const want = ma.poseAt(s);
          // toEqual compares numbers with Object.is: a −0 turned into +0 fails
          expect(bodies.poseA.R).toEqual(want.R);
          expect(bodies.poseA.t).toEqual(want.t);
        }
      }
    }
  });
});
