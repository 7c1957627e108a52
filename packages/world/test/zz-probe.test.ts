// Adversarial testing: a world far from unit size. At 2^±550 and beyond a step found no impact at
// all (its pairs' bounds squared lengths: +∞ at 2^550 for a pair that touches, and at 2^-550 the
// advancement's), and a surface's ball about its origin had radius 0 where its vertices' squares
// underflowed. From 2^±128 on, the check that a pair parts after a bounce (ccd's search of the pair
// alone, null when it stays apart) came back with a Separate record, which the world took for a
// pair that does not part: it stopped both bodies, and reported Separate answers as impacts at s = 1.
// What we check: the same world scaled by 2^k steps as the unit one (an elastic bounce at each
// impact), event for event (ids, instants within 1e-9: beyond 2^±128 each pair's search runs at unit
// size, shifted by its first body's translation, which rounds), its poses the unit ones scaled.

import { ball, capsule, convexHull, cuboid2 } from '@firsttouch/convex';
import { scaledShape } from '@firsttouch/convex/internal';
import { box, disc, icosphere, rectangle } from '@firsttouch/mesh';
import { type Pose2, type Pose3, pose2, poseFromAxisAngle } from '@firsttouch/pose';
import { describe, expect, it } from 'vitest';
import { World, World2 } from '../src/index.js';
import { rng } from './helpers.js';

// (below about 2^-1000 the bodies' coordinates are subnormal numbers: another scene, not a scaled one)
const KS = [-1000, -768, -600, -550, -512, -256, 256, 512, 550, 600, 768, 900];

interface Run {
  /** Each impact's bodies and instant. */
  events: { ids: number[]; toi: number }[];
  /** Each moving body's final translation, divided by 2^k. */
  poses: number[][];
}

/**
 * The step's callback of an elastic bounce: each impact recorded, and each body of it sent back the
 * way it came for the rest of the step (`ahead(pose, d)`: the pose moved by d; velocities times 2^k
 * is f).
 */
function bouncing<P>(
  events: Run['events'],
  ids: number[],
  velocity: number[][],
  f: number,
  ahead: (pose: P, d: number[]) => P,
) {
  return (
    e: { ids: readonly number[]; toi: number },
    w: { pose(id: number): P; setTarget(id: number, pose: P): void },
  ) => {
    events.push({ ids: [...e.ids], toi: e.toi });
    for (const id of e.ids) {
      const i = ids.indexOf(id);
      if (i < 0) continue;
      velocity[i] = velocity[i].map((v) => -v);
      w.setTarget(
        id,
        ahead(
          w.pose(id),
          velocity[i].map((v) => v * (1 - e.toi) * f),
        ),
      );
    }
  };
}

/** A wall and bodies (shapes, surfaces) bouncing elastically over a step, 3-D, at 2^k. */
function run3(k: number, seed: number): Run {
  const f = 2 ** k;
  const r = rng(5501 + seed);
  const hull = convexHull(Array.from({ length: 30 }, () => 0.2 * (r() - 0.5)));
  const kinds = [
    scaledShape(hull, k),
    scaledShape(capsule(0.06, 0.04), k),
    scaledShape(ball(0.07), k),
    icosphere(0.08, 1).scale(f),
    box(0.06).scale(f),
  ];
  const at = (p: Pose3): Pose3 => ({ R: p.R, t: p.t.map((x) => x * f) });
  const world = new World();
  world.add(box([0.02, 0.6, 0.6]).scale(f), {
    pose: at(poseFromAxisAngle([0, 0, 1], 0, [0, 0, 0])),
    kind: 'static',
  });
  const ids: number[] = [];
  for (let i = 0; i < 14; i++) {
    const p = poseFromAxisAngle([r(), r(), 1], 6 * r(), [
      0.15 + 0.5 * r(),
      0.5 * (r() - 0.5),
      0.5 * (r() - 0.5),
    ]);
    ids.push(world.add(kinds[i % kinds.length], { pose: at(p), shared: true }));
  }
  const events: Run['events'] = [];
  const velocity = ids.map(() => [-0.9 - 0.5 * r(), 0.6 * (r() - 0.5), 0.6 * (r() - 0.5)]);
  ids.forEach((id, i) => {
    const p = world.pose(id);
    const t = Array.from(p.t, (x, c) => x + velocity[i][c] * f);
    world.setTarget(id, poseFromAxisAngle([r(), 1, r()], 6 * r(), t));
  });
  world.step(
    bouncing(events, ids, velocity, f, (p: Pose3, d) => ({ R: p.R, t: p.t.map((x, c) => x + d[c]) })),
  );
  return { events, poses: ids.map((id) => Array.from(world.pose(id).t, (x) => x / f)) };
}

/** The same in 2-D: discs, squares and 2-D shapes between two thin walls. */
function run2(k: number, seed: number): Run {
  const f = 2 ** k;
  const r = rng(5502 + seed);
  const kinds = [
    scaledShape(cuboid2(0.05, 0.03), k),
    disc(0.05, 12).scaledByPowerOfTwo(k),
    rectangle(0.08, 0.06).scaledByPowerOfTwo(k),
  ];
  const at = (p: Pose2): Pose2 => pose2(p.angle, [p.t[0] * f, p.t[1] * f]);
  const world = new World2();
  world.add(rectangle(0.02, 2).scaledByPowerOfTwo(k), { pose: at(pose2(0, [0, 0])), kind: 'static' });
  world.add(rectangle(0.02, 2).scaledByPowerOfTwo(k), { pose: at(pose2(0, [1, 0])), kind: 'static' });
  const ids: number[] = [];
  for (let i = 0; i < 8; i++)
    ids.push(
      world.add(kinds[i % 3], {
        pose: at(pose2(6 * r(), [0.1 + 0.8 * r(), 1.5 * (r() - 0.5)])),
        shared: true,
      }),
    );
  const events: Run['events'] = [];
  const velocity = ids.map(() => [2 * (r() - 0.5), 0.4 * (r() - 0.5)]);
  ids.forEach((id, i) => {
    const p = world.pose(id);
    world.setTarget(id, pose2(p.angle + 1, [p.t[0] + velocity[i][0] * f, p.t[1] + velocity[i][1] * f]));
  });
  world.step(
    bouncing(events, ids, velocity, f, (p: Pose2, d) => pose2(p.angle, [p.t[0] + d[0], p.t[1] + d[1]])),
  );
  return { events, poses: ids.map((id) => Array.from(world.pose(id).t, (x) => x / f)) };
}


function diff(r: Run, unit: Run): string | null {
  const n = Math.max(r.events.length, unit.events.length);
  for (let x = 0; x < n; x++) {
    const e = r.events[x], u = unit.events[x];
    if (!e || !u || e.ids.join() !== u.ids.join() || Math.abs(e.toi - u.toi) > +(process.env.TOL ?? 1e-9))
      return `event ${x}: got ${e ? e.ids.join('-') + '@' + e.toi.toFixed(6) : 'none'} want ${u ? u.ids.join('-') + '@' + u.toi.toFixed(6) : 'none'} (counts ${r.events.length}/${unit.events.length})`;
  }
  for (let i = 0; i < r.poses.length; i++) for (let c = 0; c < r.poses[i].length; c++) if (!(Math.abs(r.poses[i][c] - unit.poses[i][c]) < +(process.env.TOL ?? 1e-9))) return `pose ${i} ${r.poses[i][c]} vs ${unit.poses[i][c]}`;
  return null;
}
describe('probe', { timeout: 1_800_000 }, () => {
  it('lists', () => {
    const KS2 = (process.env.KS ?? '').split(',').filter(Boolean).map(Number);
    const ks = KS2.length ? KS2 : Array.from({ length: 50 }, (_, i) => -560 + i);
    for (const [name, run] of [['3d', run3], ['2d', run2]] as const) {
      for (let seed = 0; seed < +(process.env.SEEDS ?? 12); seed++) {
        const unit = run(0, seed);
        for (const k of ks) { const d = diff(run(k, seed), unit); if (d) console.log(name, 'seed', seed, 'k', k, d); }
      }
    }
  });
});
