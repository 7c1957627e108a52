import { box, rectangle } from '@firsttouch/mesh';
import { identityPose, pose2, poseFromAxisAngle } from '@firsttouch/pose';
import { describe, expect, it } from 'vitest';
import type { SceneResult } from '../src/harness/scene.js';
import { TIMING } from '../src/harness/scene.js';
import { firstTouch } from '../src/oracles/touch2d.js';
import { PlanckToi } from '../src/peers/planck-toi.js';
import {
  castPair,
  castShapeInWorld,
  convexHullCollider,
  loadRapier,
  queryWorld,
  syncBroadPhase,
} from '../src/peers/rapier.js';
import type { PolygonPair } from '../src/polygons.js';
import { distanceScene } from '../src/scenes/distance.js';
import { distanceSizeScene } from '../src/scenes/distance-size.js';
import { planck2dScene } from '../src/scenes/planck2d.js';

// A tiny run of every scene: a handful of queries each, one timed run, no timing assertion.
const tiny = { size: 'tiny' as const, timing: TIMING.tiny, log: () => {} };

function expectFiniteRows(result: SceneResult): void {
  expect(result.rows.length).toBeGreaterThan(0);
  for (const row of result.rows) {
    expect(Number.isFinite(row.peerTime), `${row.case}: ${row.peer} time`).toBe(true);
    if (row.firsttouch !== null)
      expect(Number.isFinite(row.firsttouch), `${row.case}: firsttouch time`).toBe(true);
  }
}

describe('distance scene (tiny)', () => {
  it('runs, and firsttouch agrees with three-mesh-bvh to float32 and with all facet pairs exactly', async () => {
    const r = await distanceScene.run(tiny);
    expectFiniteRows(r);
    for (const key of ['pebble', 'bunny06']) {
      expect(r.figures[`${key}.maxDiffThree`]).toBeLessThan(1e-5);
      expect(r.figures[`${key}.pairMismatches`]).toBe(0);
      expect(r.figures[`${key}.minGap`]).toBeGreaterThanOrEqual(0);
      expect(r.figures[`${key}.maxGap`]).toBeLessThan(0.6);
    }
    // The mesh contract: surfaceDistance equals the loop over all facet pairs, bit for bit.
    expect(r.figures['pebble.maxDiffBrute']).toBe(0);
    // One pose in ten is drawn crossing; the tiny run has 6 poses, so none is required.
    expect(r.figures['pebble.crossing']).toBeGreaterThanOrEqual(0);
  });
});

describe('distance-size scene (tiny)', () => {
  it('runs, agrees with three-mesh-bvh, and has one point a level on every line of its plot', async () => {
    const r = await distanceSizeScene.run(tiny);
    expectFiniteRows(r);
    expect(r.figures['level1.maxDiffThree']).toBeLessThan(1e-5);
    expect(r.figures['level2.maxDiffThree']).toBeLessThan(1e-5);
    expect(r.plots).toHaveLength(1);
    for (const s of r.plots[0].series) expect(s.points.map((p) => p[0])).toEqual([80, 320]);
  });
});

describe('planck2d scene (tiny)', () => {
  it('runs and scores planck against the ground truth', async () => {
    const r = await planck2dScene.run(tiny);
    expectFiniteRows(r);
    expect(r.figures.pairs).toBe(20);
    expect(r.figures['small.pairs'] + r.figures['large.pairs']).toBe(20);
    expect(r.figures.contacts).toBeGreaterThan(0);
    expect(r.figures['small.misses']).toBeLessThanOrEqual(r.figures['small.contacts']);
    expect(r.figures['large.misses']).toBeLessThanOrEqual(r.figures['large.contacts']);
  });
});

describe('2-D ground truth', () => {
  const square = rectangle(1, 1);
  const pair = (q0y: number, turn: number): PolygonPair => ({
    a: { u: Float64Array.of(-0.5, 0.5, 0.5, -0.5), v: Float64Array.of(-0.5, -0.5, 0.5, 0.5) },
    b: { u: Float64Array.of(-0.5, 0.5, 0.5, -0.5), v: Float64Array.of(-0.5, -0.5, 0.5, 0.5) },
    angleA: 0,
    q0: pose2(0, [3, q0y]),
    q1: pose2(turn, [-3, q0y]),
    turn,
  });

  it('finds the contact of a head-on case at the analytic time', () => {
    // Unit squares, B from x = 3 to x = −3: the faces meet when B's centre is at x = 1, s = 1/3.
    const t = firstTouch(square, pose2(0), square, pose2(0, [3, 0]), pose2(0, [-3, 0]));
    expect(t.touched).toBe(true);
    expect(Math.abs(t.s - 1 / 3)).toBeLessThan(1e-8);
    expect(t.grazing).toBe(false);
  });

  it('finds no contact for an obvious miss', () => {
    // The same motion 2 higher: the squares pass 1 apart.
    const t = firstTouch(square, pose2(0), square, pose2(0, [3, 2]), pose2(0, [-3, 2]));
    expect(t.touched).toBe(false);
    expect(t.minGap).toBeCloseTo(1, 9);
  });

  it('catches a contact that falls between two samples', () => {
    // Two samples only (s = 0, 0.5, 1): B is apart at all three, yet a corner sweeps through A while
    // B passes 1.1 above it turning by π (the spinning corner reaches √½ below B's centre).
    const t = firstTouch(
      square,
      pose2(0),
      square,
      pose2(Math.PI / 4, [3, 1.15]),
      pose2(Math.PI / 4 + Math.PI, [-3, 1.15]),
      {
        samples: 2,
      },
    );
    const dense = firstTouch(
      square,
      pose2(0),
      square,
      pose2(Math.PI / 4, [3, 1.15]),
      pose2(Math.PI / 4 + Math.PI, [-3, 1.15]),
      {
        samples: 4096,
      },
    );
    expect(dense.touched).toBe(true);
    expect(t.touched).toBe(true);
    expect(Math.abs(t.s - dense.s)).toBeLessThan(1e-8);
  });

  it('agrees with planck on the head-on case (planck stops just short, by its slop)', () => {
    const solver = new PlanckToi([pair(0, 0), pair(2, 0)]);
    const hit = solver.query(0);
    expect(hit).toBeLessThanOrEqual(1 / 3);
    expect(hit).toBeGreaterThan(1 / 3 - 0.01 / 6);
    expect(solver.query(1)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('Rapier helper (translation-only casts)', () => {
  it('casts a unit cube at another: contact when the faces meet, none when it passes above', async () => {
    const R = await loadRapier();
    const world = queryWorld(R);
    const cube = box(1).vertices();
    const a = convexHullCollider(R, world, cube, identityPose());
    const b = convexHullCollider(R, world, cube, poseFromAxisAngle([0, 0, 1], 0, [3, 0, 0]));
    // B moves by −4 along x over the step: its face reaches A's at x = 1, s = 0.5.
    const hit = castPair(b, { x: -4, y: 0, z: 0 }, a, { x: 0, y: 0, z: 0 });
    expect(hit).not.toBeNull();
    expect(Math.abs(hit!.toi - 0.5)).toBeLessThan(1e-5);
    // A third cube 2 higher on the same path passes 1 above A.
    const c = convexHullCollider(R, world, cube, poseFromAxisAngle([0, 0, 1], 0, [3, 0, 2]));
    expect(castPair(c, { x: -4, y: 0, z: 0 }, a, { x: 0, y: 0, z: 0 })).toBeNull();
    // The same through the world's broad phase with a cuboid shape, from y = 4 down: the faces meet
    // at s = 0.75 (A is the only collider on that path).
    const shape = new R.Cuboid(0.5, 0.5, 0.5);
    syncBroadPhase(world);
    const viaWorld = castShapeInWorld(world, shape, poseFromAxisAngle([0, 0, 1], 0, [0, 4, 0]), {
      x: 0,
      y: -4,
      z: 0,
    });
    expect(viaWorld).not.toBeNull();
    expect(Math.abs(viaWorld!.toi - 0.75)).toBeLessThan(1e-5);
    expect(viaWorld!.collider.handle).toBe(a.handle);
  });
});
