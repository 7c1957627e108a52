import { type FirstImpactResult, firstImpact, firstImpact2 } from '@firsttouch/broadphase';
import { CcdStatus, timeOfImpact } from '@firsttouch/ccd';
import { compound2, disc, rectangle, type Surface } from '@firsttouch/mesh';
import { type Pose2, type Pose3, pose2 } from '@firsttouch/pose';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type BodyKind, World, World2, type WorldImpact } from '../src/index.js';
import { ball, nearby, pebble, randomPose, rng, slab } from './helpers.js';

/** The world's bodies, poses and ends in id order, as a fresh broadphase call takes them. */
function snapshot<P>(
  world: { has(id: number): boolean; pose(id: number): P },
  ids: number[],
  targets: Map<number, P>,
) {
  const live = ids.filter((id) => world.has(id));
  return {
    live,
    poses0: live.map((id) => world.pose(id)),
    poses1: live.map((id) => targets.get(id) ?? world.pose(id)),
  };
}

/** Equal bit for bit, the pair read through the ids. */
function expectSame(
  w: WorldImpact<unknown>,
  f: Omit<FirstImpactResult, 'impact'> & { impact: unknown },
  live: number[],
) {
  expect(w.status).toBe(f.status);
  expect(Object.is(w.toi, f.toi)).toBe(true);
  expect(w.pair).toEqual(f.pair === null ? null : [live[f.pair[0]], live[f.pair[1]]]);
  expect(w.tested).toBe(f.tested);
  expect(w.runs).toBe(f.runs);
  expect(w.candidates).toBe(f.candidates);
  expect(w.tolerance).toBe(f.tolerance);
  expect(w.impact).toEqual(f.impact);
}

describe('World.firstImpact equals broadphase firstImpact bit for bit, at every step', () => {
  it('on random scenes moved for several steps, bodies added and removed between steps (fast-check)', {
    timeout: 120_000,
  }, () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e9 }), fc.integer({ min: 2, max: 16 }), (seed, n) => {
        const r = rng(seed);
        const shapes = [pebble, ball, slab];
        const world = new World();
        const bodies = new Map<number, Surface>();
        const ids: number[] = [];
        const addOne = () => {
          const b = shapes[Math.floor(r() * 3)];
          const id = world.add(b, { pose: randomPose(r, 0.4), shared: true });
          bodies.set(id, b);
          ids.push(id);
        };
        for (let i = 0; i < n; i++) addOne();
        for (let step = 0; step < 6; step++) {
          const targets = new Map<number, Pose3>();
          for (const id of ids) {
            if (!world.has(id) || r() < 0.2) continue;
            const t = nearby(r, world.pose(id), 0.15, 1.5);
            world.setTarget(id, t);
            targets.set(id, t);
          }
          const { live, poses0, poses1 } = snapshot(world, ids, targets);
          const bs = live.map((id) => bodies.get(id)!);
          expectSame(world.firstImpact(), firstImpact(bs, poses0, poses1), live);
          expectSame(
            world.firstImpact({ tolerance: 1e-3 }),
            firstImpact(bs, poses0, poses1, { tolerance: 1e-3 }),
            live,
          );
          // the step moves the bodies on (no callback: touching dynamic bodies stop)
          world.step();
          if (r() < 0.4 && world.size > 1) world.remove(live[Math.floor(r() * live.length)]);
          if (r() < 0.4) addOne();
        }
      }),
      { numRuns: 20 },
    );
  });

  it('in 2-D: World2.firstImpact equals firstImpact2 (curves and a 2-D compound)', {
    timeout: 120_000,
  }, () => {
    const hammer = compound2([
      { body: rectangle(0.1, 0.01), pose: pose2() },
      { body: disc(0.02, 10), pose: pose2(0, [0.05, 0]) },
    ]);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e9 }), fc.integer({ min: 2, max: 16 }), (seed, n) => {
        const r = rng(seed);
        const shapes = [disc(0.05, 12), rectangle(0.2, 0.02), rectangle(0.04, 0.04), hammer];
        const world = new World2();
        const bodies = new Map<number, (typeof shapes)[number]>();
        const ids: number[] = [];
        for (let i = 0; i < n; i++) {
          const b = shapes[Math.floor(r() * shapes.length)];
          const id = world.add(b, { pose: pose2(6 * r(), [0.5 * r(), 0.5 * r()]), shared: true });
          bodies.set(id, b);
          ids.push(id);
        }
        for (let step = 0; step < 6; step++) {
          const targets = new Map<number, Pose2>();
          for (const id of ids) {
            if (!world.has(id) || r() < 0.2) continue;
            const p = world.pose(id);
            const t = pose2(p.angle + 2 * (r() - 0.5), [
              p.t[0] + 0.2 * (r() - 0.5),
              p.t[1] + 0.2 * (r() - 0.5),
            ]);
            world.setTarget(id, t);
            targets.set(id, t);
          }
          const { live, poses0, poses1 } = snapshot(world, ids, targets);
          const bs = live.map((id) => bodies.get(id)!);
          expectSame(world.firstImpact(), firstImpact2(bs, poses0, poses1), live);
          world.step();
          if (r() < 0.3 && world.size > 1) world.remove(live[Math.floor(r() * live.length)]);
        }
      }),
      { numRuns: 20 },
    );
  });

  it('at any size: a scene 2^140 times larger runs scaled, and still equals broadphase', () => {
    const s = 2 ** 140;
    const big = pebble.scaledByPowerOfTwo(140);
    const world = new World();
    const at = (x: number) => ({ R: [1, 0, 0, 0, 1, 0, 0, 0, 1], t: [x * s, 0, 0] });
    const a = world.add(big, { pose: at(0) });
    const b = world.add(big, { pose: at(1), shared: true });
    world.setTarget(a, at(0.5));
    world.setTarget(b, at(0.5));
    const f = firstImpact([big, big], [at(0), at(1)], [at(0.5), at(0.5)]);
    expectSame(world.firstImpact(), f, [a, b]);
    expect(f.status).toBe(CcdStatus.Contact);
  });
});

describe('kinds and filters: the world tests exactly the pairs they allow', () => {
  /** The loop over the allowed pairs, written out with timeOfImpact (the reference, bit for bit). */
  function allowedLoop(
    bodies: Surface[],
    p0: Pose3[],
    p1: Pose3[],
    kinds: BodyKind[],
    groups: number[],
    masks: number[],
    tolerance: number,
  ) {
    let best: { toi: number; pair: [number, number]; status: string } | null = null;
    for (let i = 0; i < bodies.length; i++) {
      for (let j = i + 1; j < bodies.length; j++) {
        if (kinds[i] !== 'dynamic' && kinds[j] !== 'dynamic') continue;
        if ((groups[i] & masks[j]) === 0 || (groups[j] & masks[i]) === 0) continue;
        const t = timeOfImpact(bodies[i], bodies[j], { a: [p0[i], p1[i]], b: [p0[j], p1[j]] }, { tolerance });
        if (t.status === CcdStatus.Separate) continue;
        if (best === null || t.toi < best.toi) best = { toi: t.toi, pair: [i, j], status: t.status };
      }
    }
    return best;
  }

  it('on random scenes with random kinds, groups and masks (fast-check)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e9 }), fc.integer({ min: 2, max: 12 }), (seed, n) => {
        const r = rng(seed);
        const shapes = [pebble, ball, slab];
        const kindsOf: BodyKind[] = ['static', 'kinematic', 'dynamic'];
        const world = new World();
        const bodies: Surface[] = [];
        const p0: Pose3[] = [];
        const p1: Pose3[] = [];
        const kinds: BodyKind[] = [];
        const groups: number[] = [];
        const masks: number[] = [];
        for (let i = 0; i < n; i++) {
          const b = shapes[Math.floor(r() * 3)];
          const kind = kindsOf[Math.floor(r() * 3)];
          const group = 1 << Math.floor(r() * 3);
          const mask = r() < 0.5 ? -1 : Math.floor(r() * 8);
          const pose = randomPose(r, 0.3);
          const id = world.add(b, { pose, kind, group, mask, shared: true });
          expect(id).toBe(i);
          const end = kind === 'static' ? pose : nearby(r, pose, 0.2, 1);
          if (kind !== 'static') world.setTarget(id, end);
          bodies.push(b);
          p0.push(pose);
          p1.push(end);
          kinds.push(kind);
          groups.push(group);
          masks.push(mask);
        }
        const w = world.firstImpact({ tolerance: 1e-6 });
        const best = allowedLoop(bodies, p0, p1, kinds, groups, masks, 1e-6);
        if (best === null) {
          expect(w.pair).toBeNull();
          expect(w.toi).toBe(1);
        } else {
          expect(w.pair).toEqual(best.pair);
          expect(w.toi).toBe(best.toi);
          expect(w.status).toBe(best.status);
        }
      }),
      { numRuns: 30 },
    );
  });

  it('two static bodies, two kinematic ones, or disjoint filters never meet; a dynamic body meets all', () => {
    const at = (x: number) => ({ R: [1, 0, 0, 0, 1, 0, 0, 0, 1], t: [x, 0, 0] });
    const overlapping = (kindA: BodyKind, kindB: BodyKind, filters = {}) => {
      const world = new World();
      world.add(pebble, { pose: at(0), kind: kindA, ...filters });
      world.add(pebble, { pose: at(0.01), kind: kindB, shared: true });
      return world.firstImpact().pair !== null;
    };
    expect(overlapping('static', 'static')).toBe(false);
    expect(overlapping('kinematic', 'kinematic')).toBe(false);
    expect(overlapping('static', 'kinematic')).toBe(false);
    expect(overlapping('static', 'dynamic')).toBe(true);
    expect(overlapping('kinematic', 'dynamic')).toBe(true);
    expect(overlapping('dynamic', 'dynamic')).toBe(true);
    expect(overlapping('dynamic', 'dynamic', { group: 2, mask: ~1 })).toBe(false);
    expect(overlapping('dynamic', 'dynamic', { group: 1, mask: 0xffffffff })).toBe(true);
    expect(overlapping('dynamic', 'dynamic', { group: 4, mask: 1 })).toBe(true);
    expect(overlapping('dynamic', 'dynamic', { group: 0 })).toBe(false);
  });
});
