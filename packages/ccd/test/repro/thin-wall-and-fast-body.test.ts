// A thin wall and a fast body: the tunnelling cases users report everywhere (rapier #524 slabs
// falling through a 4-vertex TriMesh, PhysX #505 a body passing a ledge and a wall, rapier.js #286
// lasers through a ship, Box2D's bullets, bullet3's ccdMotionThreshold).
//
// What went wrong there: sampled or linear-only CCD takes the body at a few poses, or casts a swept
// sphere, and a wall thinner than the distance the body covers between two samples is never seen;
// engines also guarantee dynamic-vs-static only, so two fast bodies tunnel through each other.
//
// What we check: a wall 1e-4 of the body's size thick (and a wall of zero thickness: two
// triangles), crossed by a unit cube covering 1000 times its own size in one step, moving or
// turning, the wall still or moving, in 3-D and in 2-D. The contact instant is analytic (the wall is
// wide, so while they are apart the gap is the cube's nearest world vertex to the wall's face),
// advanced by its Lipschitz bound for the turning cases. Then: Contact, toi no later than the
// contact, the gap at toi within the tolerance, both end poses far from the wall (samples see
// nothing), and a handful of iterations (each step is bounded by the gap, not by the speed).

import { box, Curve, Surface, surfaceDistance } from '@firsttouch/mesh';
import { pose2, poseFromAxisAngle } from '@firsttouch/pose';
import { describe, expect, it } from 'vitest';
import { CcdStatus, type DirectionalMode, timeOfImpact, timeOfImpact2 } from '../../src/index.js';

const MODES: DirectionalMode[] = [false, 'auto', true];
const EPS = 1e-9; // rounding at coordinates up to 500
const THICK = 1e-4; // the wall's thickness: 1e-4 of the cube's side

function rotation(k: readonly number[], a: number): number[] {
  const n = Math.hypot(k[0], k[1], k[2]);
  const [x, y, z] = [k[0] / n, k[1] / n, k[2] / n];
  const c = Math.cos(a);
  const s = Math.sin(a);
  const C = 1 - c;
  return [
    c + x * x * C,
    x * y * C - z * s,
    x * z * C + y * s,
    y * x * C + z * s,
    c + y * y * C,
    y * z * C - x * s,
    z * x * C - y * s,
    z * y * C + x * s,
    c + z * z * C,
  ];
}

function firstRoot(g: (s: number) => number, L: number): number {
  let s = 0;
  for (let k = 0; k < 1_000_000; k++) {
    const v = g(s);
    if (v <= 1e-12) return s;
    if (s >= 1) return Number.POSITIVE_INFINITY;
    s = Math.min(1, s + v / L);
  }
  throw new Error('reference did not converge');
}

interface Shot {
  /** the wall's centre along x at s = 0 and its travel; the cube's centre at s = 0, travel, turn */
  wall0: number;
  wallD: number;
  cube0: number;
  cubeD: number;
  axis: number[];
  theta: number;
  thickness: number;
}

/** The gap from the wall's −x face to the cube (which comes from the −x side), while apart. */
function gapOf(c: Shot): (s: number) => number {
  const corners: number[][] = [];
  for (let i = 0; i < 8; i++) corners.push([i & 1 ? 0.5 : -0.5, i & 2 ? 0.5 : -0.5, i & 4 ? 0.5 : -0.5]);
  return (s) => {
    const R = rotation(c.axis, s * c.theta);
    let maxX = Number.NEGATIVE_INFINITY;
    for (const p of corners) maxX = Math.max(maxX, R[0] * p[0] + R[1] * p[1] + R[2] * p[2]);
    const face = c.wall0 + s * c.wallD - c.thickness / 2;
    return face - (c.cube0 + s * c.cubeD + maxX);
  };
}

function wallOf(thickness: number): Surface {
  if (thickness > 0) return box([thickness, 10, 10]);
  // no thickness at all: one square of two triangles in the plane x = 0
  return Surface.fromTriangles([0, -5, -5, 0, 5, -5, 0, 5, 5, 0, -5, -5, 0, 5, 5, 0, -5, 5]);
}

function shoot(c: Shot, directional: DirectionalMode) {
  const wall = wallOf(c.thickness);
  const cube = box(1);
  const g = gapOf(c);
  const L = Math.abs(c.wallD) + Math.abs(c.cubeD) + (Math.abs(c.theta) * Math.sqrt(3)) / 2;
  const root = firstRoot(g, L);
  const motion = {
    a: [
      poseFromAxisAngle([0, 0, 1], 0, [c.wall0, 0, 0]),
      poseFromAxisAngle([0, 0, 1], 0, [c.wall0 + c.wallD, 0, 0]),
    ],
    b: [
      poseFromAxisAngle(c.axis, 0, [c.cube0, 0.3, -0.2]),
      poseFromAxisAngle(c.axis, c.theta, [c.cube0 + c.cubeD, 0.3, -0.2]),
    ],
  } as const;
  // both end poses are far from the wall: a sampled check sees nothing
  for (const s of [0, 1]) {
    const d = surfaceDistance(wall, cube, {
      poseA: s ? motion.a[1] : motion.a[0],
      poseB: s ? motion.b[1] : motion.b[0],
    });
    expect(d.distance).toBeGreaterThan(100);
  }
  const r = timeOfImpact(wall, cube, motion, { directional });
  expect(r.status).toBe(CcdStatus.Contact);
  expect(r.toi).toBeLessThanOrEqual(root);
  expect(r.distance).toBeLessThanOrEqual(r.tolerance);
  expect(g(r.toi)).toBeLessThanOrEqual(r.tolerance + EPS);
  expect(g(r.toi)).toBeGreaterThanOrEqual(r.tolerance / 2 - EPS);
  expect(r.iterations).toBeLessThanOrEqual(12);
  return r;
}

describe('a wall 1e-4 thick, a body 1000× its size per step', () => {
  it('the cube shot straight through: analytic toi, one or two steps', () => {
    for (const thickness of [THICK, 0]) {
      for (const directional of MODES) {
        const c: Shot = {
          wall0: 0,
          wallD: 0,
          cube0: -500,
          cubeD: 1000,
          axis: [0, 0, 1],
          theta: 0,
          thickness,
        };
        const r = shoot(c, directional);
        const sStar = (500 - 0.5 - thickness / 2) / 1000;
        expect(r.toi).toBeLessThanOrEqual(sStar);
        expect(sStar - r.toi).toBeLessThanOrEqual(r.tolerance / 1000 + 1e-15);
        expect(r.iterations).toBeLessThanOrEqual(2);
      }
    }
  });

  it('the wall shot at a cube at rest, and both shot at each other (dynamic against dynamic)', () => {
    for (const directional of MODES) {
      shoot(
        { wall0: 500, wallD: -1000, cube0: 0, cubeD: 0, axis: [0, 0, 1], theta: 0, thickness: THICK },
        directional,
      );
      shoot(
        { wall0: 250, wallD: -500, cube0: -250, cubeD: 500, axis: [0, 0, 1], theta: 0, thickness: THICK },
        directional,
      );
    }
  });

  it('the cube tumbling as it flies, about several axes', () => {
    for (const axis of [
      [0, 0, 1],
      [0, 1, 0],
      [1, 1, 0],
      [1, 2, 3],
    ]) {
      for (const theta of [1, 3, Math.PI]) {
        for (const directional of MODES) {
          shoot({ wall0: 0, wallD: 0, cube0: -500, cubeD: 1000, axis, theta, thickness: THICK }, directional);
          shoot({ wall0: 0, wallD: 0, cube0: -500, cubeD: 1000, axis, theta, thickness: 0 }, directional);
        }
      }
    }
  });

  it('2-D: a disc-sized square through a wall segment pair 1e-4 thick', () => {
    const wall = Curve.fromLoops([-THICK / 2, THICK / 2, THICK / 2, -THICK / 2], [-5, -5, 5, 5], [4]);
    const square = Curve.fromLoops([-0.5, 0.5, 0.5, -0.5], [-0.5, -0.5, 0.5, 0.5], [4]);
    const line = Curve.fromPolyline([0, 0], [-5, 5]); // no thickness at all
    for (const [a, thickness] of [
      [wall, THICK],
      [line, 0],
    ] as const) {
      for (const directional of MODES) {
        const r = timeOfImpact2(
          a,
          square,
          { a: [pose2(), pose2()], b: [pose2(0, [-500, 0.2]), pose2(0, [500, 0.2])] },
          { directional },
        );
        const sStar = (500 - 0.5 - thickness / 2) / 1000;
        expect(r.status).toBe(CcdStatus.Contact);
        expect(r.toi).toBeLessThanOrEqual(sStar);
        expect(sStar - r.toi).toBeLessThanOrEqual(r.tolerance / 1000 + 1e-15);
        expect(r.iterations).toBeLessThanOrEqual(2);
        // and spinning through it: a half turn (the turn adds θ·ρ to μ, the step stays certified)
        const spun = timeOfImpact2(
          a,
          square,
          { a: [pose2(), pose2()], b: [pose2(0, [-500, 0.2]), pose2(Math.PI, [500, 0.2])] },
          { directional },
        );
        expect(spun.status).toBe(CcdStatus.Contact);
        expect(spun.toi).toBeLessThanOrEqual(sStar); // the corners lead: never later than the face
        expect(spun.iterations).toBeLessThanOrEqual(12);
      }
    }
  });
});
