import { box, rectangle } from '@firsttouch/mesh';
import { identityPose, pose2, poseFromAxisAngle } from '@firsttouch/pose';
import { describe, expect, it } from 'vitest';
import { Rng } from '../src/harness/prng.js';
import type { SceneResult } from '../src/harness/scene.js';
import { TIMING } from '../src/harness/scene.js';
import { checkHull, convexHull, hullSurface } from '../src/hull.js';
import { firstTouch } from '../src/oracles/touch2d.js';
import { firstTouch3 } from '../src/oracles/touch3d.js';
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
import { affineScene } from '../src/scenes/affine.js';
import { batchScene } from '../src/scenes/batch.js';
import { castScene } from '../src/scenes/cast.js';
import { ccdScene } from '../src/scenes/ccd.js';
import { compoundsScene } from '../src/scenes/compounds.js';
import { convexScene, pointsInBall } from '../src/scenes/convex.js';
import { distanceScene } from '../src/scenes/distance.js';
import { distanceSizeScene } from '../src/scenes/distance-size.js';
import { hullsScene } from '../src/scenes/hulls.js';
import { manyScene } from '../src/scenes/many.js';
import { planck2dScene } from '../src/scenes/planck2d.js';
import { proximityScene } from '../src/scenes/proximity.js';
import { shapesScene } from '../src/scenes/shapes.js';
import { randomSoup, treesScene } from '../src/scenes/trees.js';
import { worldScene } from '../src/scenes/world.js';

// A tiny run of every scene: a handful of queries each, one timed run, no timing assertion.
const tiny = { size: 'tiny' as const, timing: TIMING.tiny, log: () => {} };

function expectFiniteRows(result: SceneResult): void {
  expect(result.rows.length).toBeGreaterThan(0);
  for (const row of result.rows) {
    // A row without a peer (peer "—…") has no peer time; every other row has one.
    if (!row.peer.startsWith('—'))
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
    // The room of slivers (issue #33): most of its facets are slivers; apart and crossing poses
    // both drawn in the tiny run, each equal to the all-pairs loop, three-mesh-bvh within float32.
    expect(r.figures['room.slivers'] / r.figures['room.facets']).toBeGreaterThan(0.8);
    for (const kind of ['apart', 'crossing']) {
      expect(r.figures[`room.${kind}.poses`], kind).toBeGreaterThan(0);
      expect(r.figures[`room.${kind}.maxDiffBrute`], kind).toBe(0);
      expect(r.figures[`room.${kind}.pairMismatches`], kind).toBe(0);
      expect(r.figures[`room.${kind}.maxDiffThree`], kind).toBeLessThan(1e-2);
    }
    // anyCrossing is timed on the crossing poses: the same distances and flags.
    expect(r.figures['room.crossing.anyUs']).toBeGreaterThan(0);
    expect(r.figures['room.crossing.anyMismatches']).toBe(0);
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
    // firsttouch: no miss, never after the true first contact, and the NACA line ran.
    expect(r.figures['firsttouch.all.misses']).toBe(0);
    expect(r.figures['small.firsttouch.late'] + r.figures['large.firsttouch.late']).toBe(0);
    expect(r.figures['firsttouch.minMargin']).toBeGreaterThan(0);
    // At planck's target gap as the tolerance: still no miss, never late, never a hit farther than it.
    expect(r.figures['matched.all.misses']).toBe(0);
    expect(r.figures['small.matched.late'] + r.figures['large.matched.late']).toBe(0);
    expect(r.figures['small.matched.spurious'] + r.figures['large.matched.spurious']).toBe(0);
    expect(r.figures['matched.minMargin']).toBeGreaterThan(0);
    expect(r.figures['naca.segments']).toBe(400);
    expect(r.figures['naca.0.toi']).toBeGreaterThan(0.3);
    expect(r.figures['naca.1.toi']).toBe(1);
  });
});

describe('ccd scene (tiny)', () => {
  it('runs the pebble throw, two bunny directions and a sweep through the room; firsttouch finds every contact, never late', async () => {
    const r = await ccdScene.run(tiny);
    expectFiniteRows(r);
    expect(r.figures['pebble.contacts']).toBe(1);
    expect(r.figures['bunny.contacts']).toBe(2);
    expect(r.figures['room.contacts']).toBe(1);
    for (const set of ['pebble', 'bunny', 'room']) {
      for (const mode of ['plain', 'default', 'directional']) {
        expect(r.figures[`${set}.${mode}.misses`], `${set} ${mode}`).toBe(0);
        expect(r.figures[`${set}.${mode}.late`], `${set} ${mode}`).toBe(0);
        expect(r.figures[`${set}.${mode}.earliestMargin`], `${set} ${mode}`).toBeGreaterThan(0);
      }
      expect(r.figures[`${set}.plain.directionalPairEvaluations`]).toBe(0);
      expect(r.figures[`${set}.directional.directionalPairEvaluations`]).toBeGreaterThan(0);
    }
    // The demo's throw: the pebble meets the bunny's lower body near s = 0.4033.
    expect(Math.abs(r.figures['pebble.0.truth'] - 0.4033)).toBeLessThan(1e-3);
    expect(r.figures['pebble.sampling200.found']).toBe(1);
  });
});

describe('convex scene (tiny)', () => {
  it('runs both hull sizes: firsttouch agrees with Rapier on translation and misses nothing turning', async () => {
    const r = await convexScene.run(tiny);
    expectFiniteRows(r);
    for (const k of ['p10', 'p256']) {
      expect(r.figures[`${k}.hullsOpen`]).toBe(0);
      expect(r.figures[`${k}.hullMaxHeight`]).toBeLessThan(1e-12);
      expect(r.figures[`${k}.linear.disagree`]).toBe(0);
      // Rapier is float32: its toi differs from the float64 one by far less than the step.
      expect(Math.abs(r.figures[`${k}.linear.rapierMinusFtMin`])).toBeLessThan(1e-3);
      expect(Math.abs(r.figures[`${k}.linear.rapierMinusFtMax`])).toBeLessThan(1e-3);
      expect(r.figures[`${k}.turning.misses`]).toBe(0);
      expect(r.figures[`${k}.turning.late`]).toBe(0);
      expect(r.figures[`${k}.turning.spurious`]).toBe(0);
    }
  });
});

describe('affine scene (tiny)', () => {
  it('runs both hull sizes: no miss, no late answer, no spurious contact against the ground truth', () => {
    const r = affineScene.run(tiny) as SceneResult;
    expectFiniteRows(r);
    for (const k of ['p10', 'p256']) {
      expect(r.figures[`${k}.contacts`]).toBeGreaterThan(0);
      expect(r.figures[`${k}.misses`]).toBe(0);
      expect(r.figures[`${k}.late`]).toBe(0);
      expect(r.figures[`${k}.spurious`]).toBe(0);
      expect(r.figures[`${k}.plain.misses`]).toBe(0);
      expect(r.figures[`${k}.steps`]).toBeGreaterThan(0);
    }
  });
});

describe('cast scene (tiny)', () => {
  it('casts every pair kind: no miss, never late, no spurious contact; the loop agrees on hulls', async () => {
    const r = await castScene.run(tiny);
    expectFiniteRows(r);
    for (const k of ['p10', 'p256', 'ball', 'capsule', 'cuboid']) {
      expect(r.figures[`${k}.pairs`]).toBe(8);
      expect(r.figures[`${k}.misses`], k).toBe(0);
      expect(r.figures[`${k}.late`], k).toBe(0);
      expect(r.figures[`${k}.spurious`], k).toBe(0);
      expect(r.figures[`${k}.loopStatusDiffers`], k).toBe(0);
    }
    // The hull pairs go straight through A's origin: every one touches.
    expect(r.figures['p10.contacts']).toBe(8);
    expect(r.figures['p256.contacts']).toBe(8);
  });
});

describe('hulls scene (tiny)', () => {
  it("builds each set's hull with both, every point on or below every facet, the same vertices", async () => {
    const r = await hullsScene.run(tiny);
    expectFiniteRows(r);
    expect(r.rows.length).toBe(4);
    for (const key of ['sphere', 'cube', 'rims', 'bunny']) {
      expect(r.figures[`${key}.open`]).toBe(0);
      expect(r.figures[`${key}.height`]).toBeLessThan(1e-12);
      expect(r.figures[`${key}.vertices`]).toBe(r.figures[`${key}.threeVertices`]);
    }
    // Every point of the sphere and of the rims is a vertex.
    expect(r.figures['sphere.vertices']).toBe(500);
    expect(r.figures['rims.vertices']).toBe(400);
  });
});

describe('trees scene (tiny)', () => {
  it('builds the three trees and reports their bytes a facet', async () => {
    const r = await treesScene.run(tiny);
    expectFiniteRows(r);
    expect(r.rows.map((row) => row.case)).toEqual([
      'tree build, random soup (2000 facets)',
      'tree build, box(1, 8) (768 facets)',
      'tree build, icosphere(1, 2) (320 facets)',
    ]);
    for (const key of ['soup', 'box', 'icosphere']) {
      // boxes (24), child and count (5) a node, one node a facet, and the order (4)
      expect(r.figures[`${key}.treeBytesPerFacet`]).toBeCloseTo(33, 0);
      expect(r.figures[`${key}.allBytesPerFacet`]).toBeCloseTo(57, 0);
      expect(r.figures[`${key}.threeBytesPerFacet`]).toBeGreaterThan(0);
    }
  });

  it('draws a random soup of separate facets, seeded', () => {
    const a = randomSoup(50, new Rng(3));
    expect(a.facetCount).toBe(50);
    expect(a.vertexCount).toBe(150);
    expect(Array.from(randomSoup(50, new Rng(3)).positions)).toEqual(Array.from(a.positions));
  });
});

describe('many scene (tiny)', () => {
  it('runs firstImpact on 30 and 100 pebbles and equals the all-pairs loop at 30', async () => {
    const r = await manyScene.run(tiny);
    expectFiniteRows(r);
    expect(r.figures['apart.30.bruteSame']).toBe(1);
    expect(r.figures['apart.100.tested']).toBeLessThanOrEqual(r.figures['apart.100.candidates']);
    expect(r.plots[0].series[0].points.map((p) => p[0])).toEqual([30, 100]);
  });
});

describe('shapes scene (tiny)', () => {
  it('answers turning hull pairs as shapes with no miss or late answer, and the ball through the bunny', async () => {
    const r = await shapesScene.run(tiny);
    expectFiniteRows(r);
    // (a) and (a′) for each hull size, then the ball
    expect(r.rows).toHaveLength(5);
    for (const row of r.rows.slice(0, 4)) {
      expect(row.extra.misses).toBe(0);
      expect(row.extra.late).toBe(0);
    }
    expect(r.rows[4].extra['ball status']).toBe('contact');
  });
});

describe('compounds scene (tiny)', () => {
  it('the tree and the flat list give the same gaps; the throws touch', async () => {
    const r = await compoundsScene.run(tiny);
    expectFiniteRows(r);
    expect(r.rows).toHaveLength(4);
    expect(r.figures['grid-largest-diff']).toBeLessThan(1e-12);
    expect(r.figures['bunny-largest-diff']).toBeLessThan(1e-12);
    for (const row of r.rows.slice(2)) expect(row.extra.status).toBe('contact');
  });
});

describe('proximity scene (tiny)', () => {
  it('finds pairs on both sides, and the cutoff changes no gap below it', async () => {
    const r = await proximityScene.run(tiny);
    expectFiniteRows(r);
    expect(r.rows).toHaveLength(2);
    expect(r.figures['exit-largest-diff']).toBeLessThan(1e-12);
  });
});

describe('quickhull', () => {
  it('holds every input point inside or on a closed hull (random clouds, 4 to 256 points)', () => {
    const rng = new Rng(7);
    for (const n of [4, 5, 10, 50, 256]) {
      for (let k = 0; k < 5; k++) {
        const points = pointsInBall(rng, n);
        const hull = convexHull(points);
        const check = checkHull(points, hull);
        expect(check.maxHeight).toBeLessThan(1e-12);
        expect(check.closed).toBe(true);
        // A closed triangulated sphere: V − E + F = 2 with E = 3F / 2.
        const f = hull.facets.length / 3;
        expect(hull.vertices.length - (3 * f) / 2 + f).toBe(2);
      }
    }
  });

  it('finds the 8 corners of a cube among interior points', () => {
    const rng = new Rng(8);
    const corners = [-1, 1].flatMap((x) => [-1, 1].flatMap((y) => [-1, 1].flatMap((z) => [x, y, z])));
    const inside = Array.from({ length: 60 }, () => rng.uniform(-0.9, 0.9));
    const points = [...inside, ...corners];
    const hull = convexHull(points);
    expect(Array.from(hull.vertices)).toEqual([20, 21, 22, 23, 24, 25, 26, 27]);
    expect(hullSurface(points, hull).facetCount).toBe(12);
  });
});

describe('3-D ground truth', () => {
  it('finds the analytic contact of two unit cubes head on, and none when B passes above', () => {
    const cube = box(1);
    const head = firstTouch3(
      cube,
      cube,
      poseFromAxisAngle([0, 0, 1], 0, [3, 0, 0]),
      poseFromAxisAngle([0, 0, 1], 0, [-3, 0, 0]),
    );
    expect(head.touched).toBe(true);
    expect(Math.abs(head.s - 1 / 3)).toBeLessThan(1e-8);
    const above = firstTouch3(
      cube,
      cube,
      poseFromAxisAngle([0, 0, 1], 0, [3, 0, 2]),
      poseFromAxisAngle([0, 0, 1], 0, [-3, 0, 2]),
    );
    expect(above.touched).toBe(false);
    expect(above.minGap).toBeGreaterThan(0.99);
  });

  it('catches a spinning corner between two samples', () => {
    // B (a unit cube) passes 1.2 above A's centre from x = 2 to x = −4 while it turns 3π/4 about z:
    // at s = 1/3 it is over A with an edge pointing down (1.2 − √½ < 0.5), so they touch; at the
    // samples s = 0, ½, 1 it is clear (at ½ turned 3π/8 its lowest point is at 1.2 − 0.653 > 0.5).
    const cube = box(1);
    const q0 = poseFromAxisAngle([0, 0, 1], 0, [2, 1.2, 0]);
    const q1 = poseFromAxisAngle([0, 0, 1], (3 * Math.PI) / 4, [-4, 1.2, 0]);
    const coarse = firstTouch3(cube, cube, q0, q1, { samples: 2 });
    const dense = firstTouch3(cube, cube, q0, q1, { samples: 4096 });
    expect(dense.touched).toBe(true);
    expect(coarse.touched).toBe(true);
    expect(coarse.s).toBeGreaterThan(0.25);
    expect(coarse.s).toBeLessThan(0.34);
    expect(Math.abs(coarse.s - dense.s)).toBeLessThan(1e-8);
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

describe('batch scene (tiny)', () => {
  it('runs; the pool answers as one thread bit for bit, and the copy read in a worker as the original', async () => {
    const r = await batchScene.run(tiny);
    expectFiniteRows(r);
    expect(r.figures['pool.mismatches']).toBe(0);
    expect(r.figures['pool.contacts']).toBeGreaterThan(0);
    expect(r.figures['serial.answerDiffers']).toBe(0);
    expect(r.figures['serial.facets']).toBe(6 * 2 * 20 * 20);
  });
});

describe('world scene (tiny)', () => {
  it('runs: the world equals broadphase at every step, no body leaves the room', async () => {
    const r = await worldScene.run(tiny);
    expectFiniteRows(r);
    expect(r.figures['coherent.sameSteps']).toBe(100);
    for (const k of ['bounce2', 'bounce0.5']) {
      expect(r.figures[`${k}.outside`]).toBe(0);
      expect(r.figures[`${k}.capped`]).toBe(0);
    }
    expect(r.figures['bounce2.impactsPerStep']).toBeGreaterThan(0);
    expect(r.figures['planck2d.worldOutside']).toBe(0);
    expect(r.figures['planck2d.worldImpacts']).toBeGreaterThan(0);
    // (a step capped at maxImpacts is the repeated impacts of a ridden body: the 2-D scene has none)
    expect(r.figures['planck2d.worldCapped']).toBe(0);
    expect(r.figures['coherent.ratio']).toBeGreaterThan(0);
  }, 300_000);
});
