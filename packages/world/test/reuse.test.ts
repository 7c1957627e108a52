import { ball as ballShape, cuboid } from '@firsttouch/convex';
import type { Pose3 } from '@firsttouch/pose';
import { describe, expect, it } from 'vitest';
import { type ImpactEvent, World } from '../src/index.js';
import { nearby, pebble, randomPose, rng } from './helpers.js';

/** An event's numbers, copied (what it said when it was reported). */
function numbers(e: ImpactEvent): number[] {
  return [e.toi, e.ids[0], e.ids[1], ...e.points[0], ...e.points[1], ...e.normal, e.distance];
}

/**
 * A crowd of bodies jostled step after step: most impacts stop a body (its target object given
 * back for the next target), resting contacts are proven, and the queue's records are written again
 * by later searches. The same steps on a world made afresh from the same poses and targets each step
 * (no record, no spare target, no list kept) give the same events and poses, number for number.
 */
function crowd(kind: string, seed: number, count: number, steps: number, reach: number, kinematicEvery = 0) {
  const r = rng(seed);
  const shape = kind === 'pebble' ? pebble : kind === 'ball' ? ballShape(0.02) : cuboid(0.02, 0.03, 0.025);
  const side = 0.1 * Math.cbrt(count);
  let poses: Pose3[] = Array.from({ length: count }, () => randomPose(r, side));
  // (every `kinematicEvery`-th body kinematic: it goes on through impacts and carries what it pushes)
  const kindOf = (k: number) => (kinematicEvery > 0 && k % kinematicEvery === 0 ? 'kinematic' : 'dynamic');
  const kept = new World();
  for (let k = 0; k < count; k++) kept.add(shape, { pose: poses[k], shared: true, kind: kindOf(k) });
  const reported: { event: ImpactEvent; copy: number[] }[] = [];
  let impacts = 0;
  for (let s = 0; s < steps; s++) {
    const targets = poses.map((p) => nearby(r, p, reach, 0.2));
    const fresh = new World();
    for (let k = 0; k < count; k++) fresh.add(shape, { pose: poses[k], shared: true, kind: kindOf(k) });
    // the callback stops one body in five of the pair (a target set in the step, then dropped)
    const respond = (e: ImpactEvent, w: World) => {
      if (e.ids[0] % 5 === 0) w.setTarget(e.ids[0], w.pose(e.ids[0]));
    };
    kept.setTargets(
      targets.map((_, k) => k),
      targets,
    );
    fresh.setTargets(
      targets.map((_, k) => k),
      targets,
    );
    const a = kept.step(s % 2 === 0 ? respond : undefined);
    const b = fresh.step(s % 2 === 0 ? respond : undefined);
    expect(a.events.map(numbers)).toEqual(b.events.map(numbers));
    for (const e of a.events) reported.push({ event: e, copy: numbers(e) });
    impacts += a.events.length;
    poses = poses.map((_, k) => kept.pose(k));
    for (let k = 0; k < count; k++) {
      const f = fresh.pose(k);
      expect(Array.from(poses[k].R)).toEqual(Array.from(f.R));
      expect(Array.from(poses[k].t)).toEqual(Array.from(f.t));
    }
  }
  // events reported steps ago still say what they said (no record is shared with them)
  for (const x of reported) expect(numbers(x.event)).toEqual(x.copy);
  return impacts;
}

describe('a world kept from step to step reuses its records, lists and target objects', () => {
  it('pebbles: the events and poses of a world made afresh each step, number for number', () => {
    expect(crowd('pebble', 11, 150, 8, 0.03)).toBeGreaterThan(100);
  });

  it('with kinematic bodies among them (stops, rides and carried targets): the same', () => {
    expect(crowd('cuboid', 14, 150, 8, 0.04, 5)).toBeGreaterThan(100);
  });

  it('balls and cuboids (convex shapes): the same', () => {
    expect(crowd('ball', 12, 200, 8, 0.03)).toBeGreaterThan(100);
    expect(crowd('cuboid', 13, 150, 8, 0.03)).toBeGreaterThan(100);
  });
});
