// Bodies read back from serialized data (mesh's serialize for surfaces, curves and compounds,
// convex's for shapes) answer every time of impact as the originals, bit for bit: what lets a worker
// pool hand out bodies and promise the sequential answers.

import {
  ball,
  ball2,
  capsule,
  capsule2,
  cone,
  convexHull,
  convexPolygon,
  cuboid,
  cylinder,
  deserialize as deserializeShape,
  rounded,
  type Shape,
  serialize as serializeShape,
} from '@firsttouch/convex';
import { box, compound, deserialize, disc, icosphere, rectangle, serialize } from '@firsttouch/mesh';
import { identityPose, pose2, poseFromAxisAngle } from '@firsttouch/pose';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Body3, timeOfImpact, timeOfImpact2 } from '../src/index.js';

/** The first field where two answers differ (numbers by Object.is, typed arrays element by element), or ''. */
function difference(got: unknown, want: unknown, path: string): string {
  if (typeof want === 'number') return Object.is(got, want) ? '' : `${path}: ${String(got)} ≠ ${want}`;
  if (ArrayBuffer.isView(want)) {
    const w = want as unknown as ArrayLike<number>;
    const g = got as ArrayLike<number>;
    for (let i = 0; i < w.length; i++) if (!Object.is(g[i], w[i])) return `${path}[${i}]: ${g[i]} ≠ ${w[i]}`;
    return g.length === w.length ? '' : `${path}: lengths differ`;
  }
  if (typeof want === 'object' && want !== null) {
    for (const k of Object.keys(want)) {
      const d = difference(
        (got as Record<string, unknown>)[k],
        (want as Record<string, unknown>)[k],
        `${path}.${k}`,
      );
      if (d) return d;
    }
    return '';
  }
  return got === want ? '' : `${path}: ${String(got)} ≠ ${String(want)}`;
}

const sphere = Array.from({ length: 300 }, (_, i) => {
  const z = 1 - (2 * i + 1) / 300;
  const r = Math.sqrt(1 - z * z);
  return [0.3 * r * Math.cos(2.4 * i), 0.3 * r * Math.sin(2.4 * i), 0.3 * z];
}).flat();

/** Each body and its copy read back from structured-cloned data. */
function pairs3(): Array<[Body3, Body3]> {
  const shapes: Shape<3>[] = [
    ball(0.25),
    cuboid(0.3, 0.1, 0.2),
    capsule(0.2, 0.1),
    cylinder(0.15, 0.2),
    cone(0.2, 0.2),
    convexHull(sphere),
    rounded(convexHull(sphere.slice(0, 60)), 0.04),
  ];
  const mesh = [
    icosphere(0.3, 2),
    compound([
      { body: box(0.2, 1), pose: identityPose() },
      { body: capsule(0.25, 0.05), pose: poseFromAxisAngle([0, 1, 0], 0.8, [0.25, 0, 0]) },
      { body: convexHull(sphere), pose: poseFromAxisAngle([1, 0, 0], 0.3, [0, 0.3, 0]) },
    ]),
  ];
  return [
    ...shapes.map((s) => [s, deserializeShape(structuredClone(serializeShape(s)))] as [Body3, Body3]),
    ...mesh.map((b) => [b, deserialize(structuredClone(serialize(b)))] as [Body3, Body3]),
  ];
}

const coord = fc.double({ min: -1, max: 1, noNaN: true });

describe('bodies read back from serialized data', () => {
  it('answer timeOfImpact as the originals, bit for bit (shapes, hulls, surfaces, compounds)', () => {
    const bodies = pairs3();
    fc.assert(
      fc.property(
        fc.nat(bodies.length - 1),
        fc.nat(bodies.length - 1),
        fc.tuple(coord, coord, coord),
        fc.tuple(coord, coord, coord),
        fc.double({ min: 0, max: 3, noNaN: true }),
        (i, j, u, axis, angle) => {
          const n = Math.hypot(...u) || 1;
          const d = u.map((x) => x / n);
          const turn = Math.hypot(...axis) > 1e-3 ? axis : [0, 0, 1];
          const motion = {
            a: [identityPose(), identityPose()] as const,
            b: [
              poseFromAxisAngle(turn, 0, [1.5 * d[0], 1.5 * d[1], 1.5 * d[2] + 0.05]),
              poseFromAxisAngle(turn, angle, [-1.5 * d[0], -1.5 * d[1], -1.5 * d[2] + 0.05]),
            ] as const,
          };
          const want = timeOfImpact(bodies[i][0], bodies[j][0], motion);
          const got = timeOfImpact(bodies[i][1], bodies[j][1], motion);
          expect(difference(got, want, 'result')).toBe('');
        },
      ),
      { numRuns: 120 },
    );
  });

  it('answer timeOfImpact2 as the originals, bit for bit (2-D shapes and curves)', () => {
    const shapes: Shape<2>[] = [
      ball2(0.2),
      capsule2(0.2, 0.05),
      convexPolygon([0, 0, 0.4, 0, 0.1, 0.3, -0.1, 0.2]),
    ];
    const curves = [disc(0.25, 24), rectangle(0.5, 0.2)];
    const bodies = [
      ...shapes.map((s) => [s, deserializeShape(structuredClone(serializeShape(s)))] as const),
      ...curves.map((c) => [c, deserialize(structuredClone(serialize(c)))] as const),
    ];
    fc.assert(
      fc.property(
        fc.nat(bodies.length - 1),
        fc.nat(bodies.length - 1),
        fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
        fc.double({ min: -3, max: 3, noNaN: true }),
        (i, j, direction, angle) => {
          const c = Math.cos(direction);
          const s = Math.sin(direction);
          const motion = {
            a: [pose2(), pose2()] as const,
            b: [pose2(0, [1.5 * c, 1.5 * s + 0.02]), pose2(angle, [-1.5 * c, -1.5 * s + 0.02])] as const,
          };
          const want = timeOfImpact2(bodies[i][0] as never, bodies[j][0] as never, motion);
          const got = timeOfImpact2(bodies[i][1] as never, bodies[j][1] as never, motion);
          expect(difference(got, want, 'result')).toBe('');
        },
      ),
      { numRuns: 120 },
    );
  });
});
