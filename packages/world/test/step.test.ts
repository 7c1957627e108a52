import { box, type Curve, curveDistance, disc, rectangle, type Surface } from '@firsttouch/mesh';
import { FirstTouchError, type Pose2, pose2, poseFromAxisAngle } from '@firsttouch/pose';
import { describe, expect, it } from 'vitest';
import { type ImpactEvent, StepStatus, World, World2 } from '../src/index.js';
import { ball, pebble, rng } from './helpers.js';
import { checkTrajectory, checkTrajectory2, type Snapshot } from './oracle.js';

const at = (x: number, y = 0, z = 0) => poseFromAxisAngle([0, 0, 1], 0, [x, y, z]);

/** R · (turn about `axis` by `angle`)ᵀ-free composition: the rotation `q` applied after `R`. */
function turned(R: ArrayLike<number>, axis: number[], angle: number): Float64Array {
  const q = poseFromAxisAngle(axis, angle).R;
  const out = new Float64Array(9);
  for (let i = 0; i < 3; i++)
    for (let j = 0; j < 3; j++)
      out[3 * i + j] = q[3 * i] * R[j] + q[3 * i + 1] * R[3 + j] + q[3 * i + 2] * R[6 + j];
  return out;
}

/**
 * An elastic bounce as the callback: each body's velocity over the rest of the step is its target
 * less its pose over the time left; a pair closing in along the normal swaps its normal velocities
 * (equal masses), or a body bouncing off a static one reverses its own. Turns are kept.
 */
function bounce(world: World, kinds: Map<number, string>, velocity: Map<number, number[]>) {
  return (e: ImpactEvent) => {
    const left = 1 - e.toi;
    const n = e.normal;
    if (!(left > 0) || !Number.isFinite(n[0])) return;
    const v = e.ids.map((id) => {
      const p = world.pose(id);
      const t = world.target(id);
      return t === null ? [0, 0, 0] : [0, 1, 2].map((a) => (t.t[a] - p.t[a]) / left);
    });
    // closing speed along n (from the first body's point to the second's)
    const closing = (v[0][0] - v[1][0]) * n[0] + (v[0][1] - v[1][1]) * n[1] + (v[0][2] - v[1][2]) * n[2];
    if (!(closing > 0)) return;
    const moving = e.ids.map((id) => kinds.get(id) === 'dynamic');
    for (const side of [0, 1]) {
      if (!moving[side]) continue;
      const id = e.ids[side];
      const share = moving[0] && moving[1] ? 1 : 2;
      const sign = side === 0 ? -1 : 1;
      const w = [0, 1, 2].map((a) => v[side][a] + sign * share * closing * n[a]);
      velocity.set(id, w);
      const p = world.pose(id);
      const t = world.target(id) ?? p;
      world.setTarget(id, { R: t.R, t: [0, 1, 2].map((a) => p.t[a] + w[a] * left) });
    }
  };
}

/** A closed room of thin static walls and fast bodies inside, some spinning. */
function room(seed: number, count: number, speed: number) {
  const r = rng(seed);
  const world = new World();
  const bodies: Surface[] = [];
  const kinds = new Map<number, string>();
  const velocity = new Map<number, number[]>();
  const spin = new Map<number, [number[], number]>();
  const wall = box([1, 1, 0.005]);
  const side = box([0.005, 1, 1]);
  const floor = box([1, 0.005, 1]);
  for (const [b, p] of [
    [wall, at(0, 0, -0.5)],
    [wall, at(0, 0, 0.5)],
    [side, at(-0.5, 0, 0)],
    [side, at(0.5, 0, 0)],
    [floor, at(0, -0.5, 0)],
    [floor, at(0, 0.5, 0)],
  ] as const) {
    const id = world.add(b, { pose: p, kind: 'static', shared: true });
    bodies.push(b);
    kinds.set(id, 'static');
  }
  // a spinning bar in the middle (kinematic: it goes round whatever it meets)
  const bar = box([0.6, 0.02, 0.02]);
  const barId = world.add(bar, { pose: at(0, 0, 0), kind: 'kinematic' });
  bodies.push(bar);
  kinds.set(barId, 'kinematic');
  for (let k = 0; k < count; k++) {
    const b = r() < 0.5 ? pebble : ball;
    // on a lattice off the bar's sweep, so no two start touching
    const c = [-0.35 + 0.1 * (k % 8), 0.2 + 0.1 * Math.floor(k / 8), -0.3 + 0.6 * r()];
    const id = world.add(b, { pose: poseFromAxisAngle([r(), r(), 1], 6 * r(), c), shared: true });
    bodies.push(b);
    kinds.set(id, 'dynamic');
    const dir = [r() - 0.5, r() - 0.5, r() - 0.5];
    const len = Math.hypot(dir[0], dir[1], dir[2]);
    velocity.set(
      id,
      dir.map((x) => (x / len) * speed),
    );
    spin.set(id, [[r() - 0.5, r() - 0.5, r() - 0.5], 3 * r()]);
  }
  return { world, bodies, kinds, velocity, spin, barId };
}

describe('the continuous step with an elastic bounce: no pass-through, events in time order', () => {
  it('fast bodies in a room of thin walls with a spinning bar, 12 steps, checked by a certified oracle', {
    timeout: 120_000,
  }, () => {
    const { world, bodies, kinds, velocity, spin, barId } = room(11, 12, 0.6);
    const onImpact = bounce(world, kinds, velocity);
    const ids = bodies.map((_, i) => i);
    const tested = (i: number, j: number) => kinds.get(i) === 'dynamic' || kinds.get(j) === 'dynamic';
    let impacts = 0;
    for (let step = 0; step < 12; step++) {
      for (const id of ids) {
        const p = world.pose(id);
        if (id === barId) world.setTarget(id, { R: turned(p.R, [0, 1, 0], 1), t: p.t });
        const v = velocity.get(id);
        const w = spin.get(id);
        if (v && w)
          world.setTarget(id, { R: turned(p.R, w[0], w[1]), t: [0, 1, 2].map((a) => p.t[a] + v[a]) });
      }
      const snapshots: Snapshot[] = [{ s: 0, poses: ids.map((id) => world.pose(id)) }];
      const r = world.step((e) => {
        onImpact(e);
        snapshots.push({ s: e.toi, poses: ids.map((id) => world.pose(id)) });
      });
      snapshots.push({ s: r.reached, poses: ids.map((id) => world.pose(id)) });
      expect(r.status).toBe(StepStatus.Complete);
      impacts += r.events.length;
      for (let k = 0; k < r.events.length; k++) {
        const e = r.events[k];
        expect(e.toi).toBeGreaterThanOrEqual(k === 0 ? 0 : r.events[k - 1].toi);
        expect(e.toi).toBeLessThanOrEqual(1);
        expect(e.distance).toBeLessThanOrEqual(r.tolerance);
      }
      const report = checkTrajectory(bodies, snapshots, tested);
      expect(report.crossings).toEqual([]);
      expect(report.undecided).toBe(0);
    }
    // the scene does collide: bounces off the walls, the bar and each other
    expect(impacts).toBeGreaterThan(10);
  });

  it('the oracle can fail: the same bodies moved by plain interpolation (no world) pass through a wall', () => {
    const bodies = [box([1, 1, 0.005]), pebble];
    const snapshots: Snapshot[] = [
      { s: 0, poses: [at(0, 0, 0), at(0, 0, -0.3)] },
      { s: 1, poses: [at(0, 0, 0), at(0, 0, 0.3)] },
    ];
    const report = checkTrajectory(bodies, snapshots, () => true);
    expect(report.crossings.length).toBeGreaterThan(0);
  });

  it('without a callback, dynamic bodies stop where they touch; a kinematic body goes on', () => {
    const world = new World();
    const wall = world.add(box([0.01, 1, 1]), { pose: at(0), kind: 'static' });
    const a = world.add(pebble, { pose: at(-0.5) });
    const k = world.add(pebble, { pose: at(-0.5, 0.5), kind: 'kinematic', shared: true });
    world.setTarget(a, at(0.5));
    world.setTarget(k, at(0.5, 0.5));
    const r = world.step();
    expect(r.status).toBe(StepStatus.Complete);
    expect(r.events.map((e) => e.ids)).toEqual([[wall, a]]);
    // the pebble (half side 0.02) stops at the wall's face (x = −0.005), within the tolerance
    expect(world.pose(a).t[0]).toBeCloseTo(-0.025, 5);
    expect(world.pose(a).t[0]).toBeLessThan(-0.025);
    // static and kinematic bodies do not meet: the kinematic one is at its target; targets are used up
    expect(Array.from(world.pose(k).t)).toEqual([0.5, 0.5, 0]);
    expect(world.target(a)).toBeNull();
    expect(world.step().events).toEqual([]);
  });

  it('a kinematic body driving into a stopped dynamic one carries it along (no callback), no crossing', () => {
    const world = new World();
    const pusher = world.add(box([0.1, 0.4, 0.4]), { pose: at(-0.3), kind: 'kinematic' });
    const a = world.add(pebble, { pose: at(0) });
    world.setTarget(pusher, at(0.3));
    const snapshots: Snapshot[] = [{ s: 0, poses: [world.pose(pusher), world.pose(a)] }];
    const r = world.step();
    snapshots.push({ s: 1, poses: [world.pose(pusher), world.pose(a)] });
    expect(r.status).toBe(StepStatus.Complete);
    expect(r.events.length).toBe(1);
    // touched at the pusher's face (x = −0.25 + 0.6 s meets −0.02): s ≈ 0.383, then pushed 0.6 · 0.617 further
    expect(r.events[0].toi).toBeCloseTo(0.23 / 0.6, 5);
    expect(world.pose(a).t[0]).toBeCloseTo(0.6 - 0.23, 5);
    expect(world.pose(a).t[0]).toBeGreaterThan(0.3 + 0.05 + 0.02);
    const report = checkTrajectory([box([0.1, 0.4, 0.4]), pebble], snapshots, () => true);
    expect(report.crossings).toEqual([]);
  });

  it('maxImpacts ends the step with a status saying so; the bodies stay at the last impact', () => {
    const world = new World();
    const ids = [0, 1, 2, 3].map((x) => world.add(pebble, { pose: at(x * 0.2), shared: true }));
    for (const id of ids) world.setTarget(id, at(0.3));
    const r = world.step(undefined, { maxImpacts: 1 });
    expect(r.status).toBe(StepStatus.MaxImpacts);
    expect(r.events.length).toBe(1);
    expect(r.reached).toBe(r.events[0].toi);
    expect(r.reached).toBeLessThan(1);
    // the next step goes on from there
    const rest = world.step(undefined, { maxImpacts: 0 });
    expect(rest.status).toBe(StepStatus.MaxImpacts);
    expect(rest.events).toEqual([]);
  });

  it('a callback that throws: CALLBACK_FAILED saying where, the world consistent at that instant', () => {
    const world = new World();
    const wall = world.add(box([0.01, 1, 1]), { pose: at(0), kind: 'static' });
    const a = world.add(pebble, { pose: at(-0.5) });
    world.setTarget(a, at(0.5));
    let caught: unknown;
    try {
      world.step(() => {
        throw new Error('boom');
      });
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(FirstTouchError);
    const err = caught as FirstTouchError & { cause?: unknown };
    expect(err.code).toBe('CALLBACK_FAILED');
    expect(err.message).toMatch(/impact 1 of the step \(bodies 0 and 1, s = 0\.47\d+\).*boom/);
    expect((err.cause as Error).message).toBe('boom');
    // every body at that instant, the target kept; the world works on
    expect(world.pose(a).t[0]).toBeCloseTo(-0.025, 5);
    expect(world.target(a)?.t[0]).toBe(0.5);
    expect(world.firstImpact().pair).toEqual([wall, a]);
    world.setTarget(a, at(-1));
    expect(world.step().events).toEqual([]);
  });

  it('a callback that throws what cannot be read (a revoked proxy, a throwing message): still CALLBACK_FAILED', () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    const unreadable = new Error('x');
    Object.defineProperty(unreadable, 'message', {
      get() {
        throw new TypeError('no message');
      },
    });
    for (const thrown of [proxy, unreadable]) {
      const world = new World();
      world.add(box([0.01, 1, 1]), { pose: at(0), kind: 'static' });
      const a = world.add(pebble, { pose: at(-0.5) });
      world.setTarget(a, at(0.5));
      let caught: unknown;
      try {
        world.step(() => {
          throw thrown;
        });
      } catch (e) {
        caught = e;
      }
      expect(caught).toBeInstanceOf(FirstTouchError);
      expect((caught as FirstTouchError).code).toBe('CALLBACK_FAILED');
      expect((caught as Error).message).toMatch(/a value that cannot be read$/);
    }
  });

  it('the callback may set targets and read poses, and nothing else of the world', () => {
    const world = new World();
    world.add(box([0.01, 1, 1]), { pose: at(0), kind: 'static' });
    const a = world.add(pebble, { pose: at(-0.5) });
    world.setTarget(a, at(0.5));
    const tried: string[] = [];
    world.step((_e, w) => {
      for (const [name, f] of [
        ['step', () => w.step()],
        ['firstImpact', () => w.firstImpact()],
        ['add', () => w.add(ball, { pose: at(3) })],
        ['remove', () => w.remove(a)],
      ] as const) {
        try {
          f();
        } catch (e) {
          if ((e as FirstTouchError).code === 'INVALID_OPTION') tried.push(name);
        }
      }
      w.setTarget(a, at(-0.5));
    });
    expect(tried).toEqual(['step', 'firstImpact', 'add', 'remove']);
    expect(world.pose(a).t[0]).toBe(-0.5);
  });

  it('a response that keeps a pair closing in: the world stops the pair rather than let it through', () => {
    const world = new World();
    world.add(box([0.01, 1, 1]), { pose: at(0), kind: 'static' });
    const a = world.add(pebble, { pose: at(-0.5) });
    world.setTarget(a, at(0.5));
    // the callback pushes on, through the wall
    const r = world.step((_e, w) => w.setTarget(a, at(0.5)));
    expect(r.events.length).toBe(1);
    expect(world.pose(a).t[0]).toBeLessThan(-0.02);
  });
});

describe('World2: the same loop in 2-D', () => {
  it('pucks bouncing between two thin walls never cross them (oracle on sampled gaps)', () => {
    const world = new World2();
    const wall = rectangle(0.005, 2);
    const left = world.add(wall, { pose: pose2(0, [-0.5, 0]), kind: 'static' });
    const right = world.add(wall, { pose: pose2(0, [0.5, 0]), kind: 'static', shared: true });
    const puck = disc(0.02, 12);
    const ids = [0, 1, 2].map((k) => world.add(puck, { pose: pose2(0, [0, 0.1 * k]), shared: true }));
    const v = new Map(ids.map((id, k) => [id, 1.7 + 0.3 * k]));
    const seen: number[] = [];
    for (let step = 0; step < 20; step++) {
      for (const id of ids) {
        const p = world.pose(id);
        world.setTarget(id, pose2(0, [p.t[0] + v.get(id)!, p.t[1]]));
      }
      const r = world.step((e, w) => {
        for (const id of e.ids) {
          if (!v.has(id)) continue;
          const p = w.pose(id);
          const wallSide = e.ids.includes(left) ? 1 : e.ids.includes(right) ? -1 : 0;
          if (wallSide === 0 || Math.sign(v.get(id)!) === wallSide) continue;
          v.set(id, -v.get(id)!);
          w.setTarget(id, pose2(0, [p.t[0] + v.get(id)! * (1 - e.toi), p.t[1]]));
        }
      });
      for (let k = 1; k < r.events.length; k++)
        expect(r.events[k].toi).toBeGreaterThanOrEqual(r.events[k - 1].toi);
      seen.push(r.events.length);
      for (const id of ids) {
        const x = world.pose(id).t[0];
        expect(Math.abs(x)).toBeLessThan(0.5);
        for (const w of [left, right]) {
          const d = curveDistance(puck, wall, { poseA: world.pose(id), poseB: world.pose(w) });
          expect(d.intersecting).toBe(false);
        }
      }
    }
    expect(seen.reduce((a, b) => a + b, 0)).toBeGreaterThan(20);
  });

  it('discs and squares in a room of thin walls with a spinning bar, 12 steps, checked by the certified oracle', {
    timeout: 120_000,
  }, () => {
    const r = rng(5);
    const world = new World2();
    const bodies: Curve[] = [];
    const kinds: string[] = [];
    const wall = rectangle(0.004, 1.01);
    const floor = rectangle(1.01, 0.004);
    for (const [b, x, y] of [
      [wall, -0.5, 0],
      [wall, 0.5, 0],
      [floor, 0, -0.5],
      [floor, 0, 0.5],
    ] as const) {
      world.add(b, { pose: pose2(0, [x, y]), kind: 'static', shared: true });
      bodies.push(b);
      kinds.push('static');
    }
    const bar = rectangle(0.5, 0.02);
    const barId = world.add(bar, { pose: pose2(0, [0, 0]), kind: 'kinematic' });
    bodies.push(bar);
    kinds.push('kinematic');
    const shapes = [disc(0.02, 12), rectangle(0.03, 0.03)];
    const v = new Map<number, number[]>();
    for (let k = 0; k < 12; k++) {
      const b = shapes[k % 2];
      const id = world.add(b, { pose: pose2(6 * r(), [-0.4 + 0.07 * k, 0.25 + 0.1 * r()]), shared: true });
      bodies.push(b);
      kinds.push('dynamic');
      const a = 2 * Math.PI * r();
      v.set(id, [0.3 * Math.cos(a), 0.3 * Math.sin(a)]);
    }
    const ids = bodies.map((_, i) => i);
    const tested = (i: number, j: number) => kinds[i] === 'dynamic' || kinds[j] === 'dynamic';
    let impacts = 0;
    for (let step = 0; step < 12; step++) {
      world.setTarget(barId, pose2(world.pose(barId).angle + 0.8, [0, 0]));
      for (const [id, u] of v) {
        const p = world.pose(id);
        world.setTarget(id, pose2(p.angle + 0.5, [p.t[0] + u[0], p.t[1] + u[1]]));
      }
      const snapshots: Snapshot<Pose2>[] = [{ s: 0, poses: ids.map((id) => world.pose(id)) }];
      const res = world.step((e, w) => {
        const n = e.normal;
        const left = 1 - e.toi;
        // each body's velocity over the rest of the step, from the world; the bar's at the contact point
        const vel = e.ids.map((id, side) => {
          if (id === barId) return [-0.8 * e.points[side][1], 0.8 * e.points[side][0]];
          const p = w.pose(id);
          const t = w.target(id);
          return t === null || !(left > 0) ? [0, 0] : [(t.t[0] - p.t[0]) / left, (t.t[1] - p.t[1]) / left];
        });
        const closing = (vel[0][0] - vel[1][0]) * n[0] + (vel[0][1] - vel[1][1]) * n[1];
        if (left > 0 && Number.isFinite(n[0]) && closing > 0) {
          const both = v.has(e.ids[0]) && v.has(e.ids[1]);
          e.ids.forEach((id, side) => {
            if (!v.has(id)) return;
            const sign = side === 0 ? -1 : 1;
            const nv = [0, 1].map((a) => vel[side][a] + sign * (both ? 1 : 2) * closing * n[a]);
            v.set(id, nv);
            const p = w.pose(id);
            const t = w.target(id) ?? p;
            w.setTarget(id, pose2(t.angle, [p.t[0] + nv[0] * left, p.t[1] + nv[1] * left]));
          });
        }
        snapshots.push({ s: e.toi, poses: ids.map((id) => w.pose(id)) });
      });
      snapshots.push({ s: res.reached, poses: ids.map((id) => world.pose(id)) });
      expect(res.status).toBe(StepStatus.Complete);
      impacts += res.events.length;
      for (let k = 1; k < res.events.length; k++)
        expect(res.events[k].toi).toBeGreaterThanOrEqual(res.events[k - 1].toi);
      const report = checkTrajectory2(bodies, snapshots, tested);
      expect(report.crossings).toEqual([]);
      expect(report.undecided).toBe(0);
    }
    expect(impacts).toBeGreaterThan(5);
  });
});

describe('the event-driven step: queued impacts and the pairs of a changed body', () => {
  it('an impact already found for a body that the callback then stops never comes (its entry is stale)', () => {
    const world = new World();
    const wallA = world.add(box([0.01, 1, 1]), { pose: at(0.825), kind: 'static' });
    const bumper = world.add(box([0.01, 1, 1]), { pose: at(0.3, 5), kind: 'static', shared: true });
    world.add(box([0.01, 1, 1]), { pose: at(-0.3, 5), kind: 'static', shared: true });
    const a = world.add(pebble, { pose: at(0) });
    const c = world.add(pebble, { pose: at(0, 5), shared: true });
    world.setTarget(a, at(1));
    world.setTarget(c, at(0.5, 5));
    // c meets the bumper at about 0.55 and is sent back: its impact with the far wall (about 0.87)
    // is found at once and queued; a meets its wall at about 0.8, and the answer stops c
    const r = world.step((e, w) => {
      if (e.ids[0] === bumper) w.setTarget(c, at(-0.5, 5));
      if (e.ids[1] === a) w.setTarget(c, w.pose(c));
    });
    expect(r.events.map((e) => e.ids)).toEqual([
      [bumper, c],
      [wallA, a],
    ]);
    expect(r.events[1].toi).toBeCloseTo(0.8, 5);
    expect(world.pose(c).t[0]).toBeGreaterThan(-0.275);
  });

  it('a body sent by the callback toward one it could not reach before meets it (its pairs are searched again)', () => {
    const world = new World();
    const wall = world.add(box([0.01, 1, 1]), { pose: at(0.5), kind: 'static' });
    const post = world.add(box(0.1), { pose: at(0, 6), kind: 'static', shared: true });
    const a = world.add(pebble, { pose: at(0) });
    // c does not move at first: its box and the post's are far apart, no candidate pair
    const c = world.add(pebble, { pose: at(0, 5), shared: true });
    world.setTarget(a, at(1));
    const r = world.step((e, w) => {
      if (e.ids[1] === a) w.setTarget(c, at(0, 7));
    });
    expect(r.events.map((e) => e.ids)).toEqual([
      [wall, a],
      [post, c],
    ]);
    expect(r.events[1].toi).toBeGreaterThan(r.events[0].toi);
    // no callback answer for c: it stops at the post's face (y = 5.95), the pebble's half side 0.02 short
    expect(world.pose(c).t[1]).toBeCloseTo(5.93, 5);
    expect(world.pose(c).t[1]).toBeLessThan(5.93);
  });
});
