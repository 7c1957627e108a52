import { sweepAndPrune } from '@firsttouch/broadphase';
import { disc } from '@firsttouch/mesh';
import { FirstTouchError, pose2 } from '@firsttouch/pose';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FatBoxes, World, World2 } from '../src/index.js';
import { nearby, pebble, randomPose, rng } from './helpers.js';

/** Pairs as sorted keys `i,j`. */
const keysOf = (p: Uint32Array) => {
  const out: string[] = [];
  for (let x = 0; x < p.length; x += 2) out.push(`${p[x]},${p[x + 1]}`);
  return out.sort();
};

describe('FatBoxes: each box holds its reach box, made anew only when the reach box left it', () => {
  it('after random moves (fast-check against a direct containment check)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e9 }), fc.constantFrom(2 as const, 3 as const), (seed, dim) => {
        const r = rng(seed);
        const n = 1 + Math.floor(r() * 30);
        const w = 2 * dim;
        const fat = new FatBoxes(dim);
        for (let i = 0; i < n; i++) fat.append();
        const reach = new Float64Array(w * n);
        for (let round = 0; round < 6; round++) {
          for (let i = 0; i < n; i++) {
            for (let a = 0; a < dim; a++) {
              const lo = r() * 4;
              reach[w * i + a] = lo;
              reach[w * i + dim + a] = lo + (r() < 0.1 ? 0 : r());
            }
          }
          const before = Float64Array.from(fat.boxes());
          let outside = 0;
          for (let i = 0; i < n; i++) {
            let inside = true;
            for (let a = 0; a < dim; a++)
              if (reach[w * i + a] < before[w * i + a] || reach[w * i + dim + a] > before[w * i + dim + a])
                inside = false;
            if (!inside) outside++;
          }
          expect(fat.refit(reach)).toBe(outside);
          const after = fat.boxes();
          for (let i = 0; i < n; i++) {
            for (let a = 0; a < dim; a++) {
              expect(after[w * i + a]).toBeLessThanOrEqual(reach[w * i + a]);
              expect(after[w * i + dim + a]).toBeGreaterThanOrEqual(reach[w * i + dim + a]);
            }
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  it('the world keeps the lists on the fat boxes: their pairs are a fresh sweep of the fat boxes', () => {
    const r = rng(7);
    const world = new World();
    const poses = Array.from({ length: 40 }, () => randomPose(r, 0.3));
    for (const p of poses) world.add(pebble, { pose: p, shared: true });
    for (let s = 0; s < 8; s++) {
      for (let i = 0; i < poses.length; i++) {
        poses[i] = nearby(r, poses[i], 0.02, 0.3);
        world.setTarget(i, poses[i]);
      }
      if (s % 2 === 0) world.firstImpact();
      world.step();
      expect(keysOf(world.sweep.pairs())).toEqual(keysOf(sweepAndPrune(world.fat.boxes(), 3)));
    }
    expect(world.counters.refits).toBeGreaterThanOrEqual(40);
  });
});

describe('setTargets: many targets at once', () => {
  it('equals setTarget one by one (the same steps and poses)', () => {
    const r = rng(11);
    const a = new World();
    const b = new World();
    const poses = Array.from({ length: 30 }, () => randomPose(r, 0.25));
    for (const p of poses) {
      a.add(pebble, { pose: p, shared: true });
      b.add(pebble, { pose: p, shared: true });
    }
    const ids = poses.map((_, i) => i);
    for (let s = 0; s < 5; s++) {
      const targets = poses.map((p) => nearby(r, p, 0.05, 0.5));
      for (let i = 0; i < ids.length; i++) a.setTarget(ids[i], targets[i]);
      b.setTargets(ids, targets);
      const ra = a.step();
      const rb = b.step();
      expect(rb.events.map((e) => [e.ids, e.toi])).toEqual(ra.events.map((e) => [e.ids, e.toi]));
      for (const id of ids) expect(Array.from(b.pose(id).t)).toEqual(Array.from(a.pose(id).t));
      for (let i = 0; i < poses.length; i++) poses[i] = a.pose(i);
    }
  });

  it('takes flat numbers as it takes poses (3-D and 2-D), a bad flat entry named', () => {
    const r = rng(5);
    const a = new World();
    const b = new World();
    const poses = Array.from({ length: 12 }, () => randomPose(r, 0.2));
    for (const p of poses) {
      a.add(pebble, { pose: p, shared: true });
      b.add(pebble, { pose: p, shared: true });
    }
    const ids = Uint32Array.from(poses, (_, i) => i);
    for (let s = 0; s < 4; s++) {
      const targets = poses.map((_, i) => nearby(r, a.pose(i), 0.05, 0.5));
      const flat = new Float64Array(12 * targets.length);
      targets.forEach((p, i) => {
        flat.set(p.R, 12 * i);
        flat.set(p.t, 12 * i + 9);
      });
      a.setTargets(ids, targets);
      b.setTargets(ids, flat);
      const ra = a.step();
      const rb = b.step();
      expect(rb.events.map((e) => [e.ids, e.toi])).toEqual(ra.events.map((e) => [e.ids, e.toi]));
      for (const id of ids) expect(Array.from(b.pose(id).R)).toEqual(Array.from(a.pose(id).R));
    }
    const bad = new Float64Array(24);
    bad.set([1, 0, 0, 0, 1, 0, 0, 0, 1]);
    bad.set([2, 0, 0, 0, 1, 0, 0, 0, 1], 12);
    expect(() => b.setTargets([0, 1], bad)).toThrow(/setTargets: poses\[1\]\.R is not orthonormal/);
    expect(b.target(0)).toBeNull();
    expect(() => b.setTargets([0, 1], new Float64Array(12))).toThrow(/12 numbers an id/);
    const w2 = new World2();
    const puck = w2.add(disc(0.1, 16), { pose: pose2(0, [0, 0]) });
    w2.setTargets([puck], Float64Array.of(0.5, 1, 2));
    const t = w2.target(puck)!;
    expect([t.angle, t.t[0], t.t[1]]).toEqual([0.5, 1, 2]);
  });

  it('checks every entry before setting any: a bad one leaves every target as it was', () => {
    const r = rng(3);
    const world = new World();
    const wall = world.add(pebble, { pose: randomPose(r, 1), kind: 'static' });
    const ids = [world.add(pebble, { pose: randomPose(r, 1), shared: true })];
    ids.push(world.add(pebble, { pose: randomPose(r, 1), shared: true }));
    const good = randomPose(r, 1);
    const bad = { R: [1, 0, 0, 0, 1, 0, 0, 0, Number.NaN], t: [0, 0, 0] };
    const cases: [unknown, unknown, string, RegExp][] = [
      [ids, [good], 'BAD_LENGTH', /same length/],
      [ids, [good, bad], 'INVALID_POSE', /setTargets: poses\[1\]/],
      [[ids[0], 99], [good, good], 'UNKNOWN_BODY', /setTargets: ids\[1\]/],
      [[ids[0], wall], [good, good], 'INVALID_OPTION', /static/],
      ['ids', [good], 'BAD_LENGTH', /arrays/],
    ];
    for (const [i, p, code, message] of cases) {
      let caught: unknown;
      try {
        world.setTargets(i as number[], p as never);
      } catch (e) {
        caught = e;
      }
      expect(caught).toBeInstanceOf(FirstTouchError);
      expect((caught as FirstTouchError).code).toBe(code);
      expect((caught as Error).message).toMatch(message);
      expect(world.target(ids[0])).toBeNull();
    }
  });
});
