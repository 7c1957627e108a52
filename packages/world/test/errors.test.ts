import { ball2 } from '@firsttouch/convex';
import { box } from '@firsttouch/mesh';
import { FirstTouchError, identityPose, poseFromAxisAngle } from '@firsttouch/pose';
import { describe, expect, it } from 'vitest';
import { World, World2 } from '../src/index.js';

const at = (x: number) => poseFromAxisAngle([0, 0, 1], 0, [x, 0, 0]);

/** Runs f and returns the FirstTouchError it throws (the test fails if it throws nothing else). */
function caught(f: () => unknown): FirstTouchError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(FirstTouchError);
    return e as FirstTouchError;
  }
  throw new Error('no error thrown');
}

describe('bad input: FirstTouchError with a stable code and a message that says what and where', () => {
  it('unknown ids', () => {
    const w = new World();
    const id = w.add(box(1), { pose: identityPose() });
    w.remove(id);
    for (const f of [() => w.remove(id), () => w.pose(id), () => w.setTarget(id, at(1)), () => w.pose(7.5)]) {
      const e = caught(f);
      expect(e.code).toBe('UNKNOWN_BODY');
      expect(e.message).toMatch(/no body with id/);
    }
    expect(caught(() => w.setTarget(Number.NaN, at(1))).message).toMatch(/setTarget: no body with id NaN/);
  });

  it('an id that is not a number (undefined, null, a string) names no body, and the world is left as it was', () => {
    // ids[undefined] is undefined: the shortcut "id at its own place" took undefined for dense slot 0;
    // remove(undefined) then dropped slot 0 and left the id map, the radii and the boxes unshifted.
    for (const w of [new World(), new World2()]) {
      // (one loop for both worlds: their bodies and poses passed untyped)
      const make = (): never => (w instanceof World ? box(1) : ball2(1)) as never;
      const pose = (w instanceof World ? at(0) : { angle: 0, t: [0, 0] }) as never;
      const a = w.add(make(), { pose });
      const b = w.add(make(), { pose, kind: 'static' });
      for (const id of [undefined, null, '0', '1']) {
        for (const f of [
          () => w.pose(id as never),
          () => w.target(id as never),
          () => w.setTarget(id as never, pose as never),
          () => w.setTargets([id as never], [pose as never]),
          () => w.remove(id as never),
        ]) {
          const e = caught(f);
          expect(e.code).toBe('UNKNOWN_BODY');
          expect(e.message).toMatch(/no body with id/);
        }
      }
      expect(w.size).toBe(2);
      expect(w.has(a) && w.has(b)).toBe(true);
      expect(() => w.pose(a)).not.toThrow();
    }
  });

  it('a body added twice, unless shared', () => {
    const w = new World();
    const b = box(1);
    w.add(b, { pose: identityPose() });
    const e = caught(() => w.add(b, { pose: at(3) }));
    expect(e.code).toBe('DUPLICATE_BODY');
    expect(e.message).toMatch(/as id 0/);
    expect(w.size).toBe(1);
    expect(w.add(b, { pose: at(3), shared: true })).toBe(1);
    // A truthy value that is no boolean is refused, not taken for true or false.
    for (const shared of ['yes', 1, null])
      expect(caught(() => w.add(b, { pose: at(5), shared: shared as never })).code).toBe('INVALID_OPTION');
    expect(w.size).toBe(2);
  });

  it('non-finite and invalid poses, at add and at setTarget; a static body takes no target', () => {
    const w = new World();
    const bad = { R: [1, 0, 0, 0, 1, 0, 0, 0, 1], t: [0, Number.NaN, 0] };
    const e = caught(() => w.add(box(1), { pose: bad }));
    expect(e.code).toBe('INVALID_POSE');
    expect(e.message).toMatch(/add: options.pose.t/);
    expect(w.size).toBe(0);
    const id = w.add(box(1), { pose: identityPose() });
    expect(caught(() => w.setTarget(id, { R: [2, 0, 0, 0, 1, 0, 0, 0, 1], t: [0, 0, 0] })).code).toBe(
      'INVALID_POSE',
    );
    expect(caught(() => w.setTarget(id, bad)).message).toMatch(/setTarget\(0\): pose1.t/);
    const ground = w.add(box(1), { pose: at(5), kind: 'static' });
    expect(caught(() => w.setTarget(ground, at(6))).message).toMatch(/static/);
    const w2 = new World2();
    expect(
      caught(() => w2.add(box(1) as never, { pose: { angle: Number.POSITIVE_INFINITY, t: [0, 0] } })).code,
    ).toBe('INVALID_POSE');
  });

  it('masks and groups that are not 32-bit integers, kinds that are not kinds, bodies that are not bodies', () => {
    const w = new World();
    for (const mask of [1.5, 2 ** 32, -(2 ** 31) - 1, Number.NaN, '3' as unknown as number]) {
      const e = caught(() => w.add(box(1), { pose: identityPose(), mask }));
      expect(e.code).toBe('INVALID_OPTION');
      expect(e.message).toMatch(/options.mask must be a 32-bit integer/);
    }
    expect(caught(() => w.add(box(1), { pose: identityPose(), group: 0.5 })).message).toMatch(
      /options.group/,
    );
    expect(caught(() => w.add(box(1), { pose: identityPose(), kind: 'bullet' as never })).message).toMatch(
      /options.kind/,
    );
    // (not converted to a string first: ['static'] and an object whose string is a kind were taken)
    for (const kind of [['static'], { toString: () => 'kinematic' }, ['dynamic']]) {
      expect(caught(() => w.add(box(1), { pose: identityPose(), kind: kind as never })).message).toMatch(
        /options.kind must be 'static', 'kinematic' or 'dynamic'/,
      );
    }
    expect(caught(() => w.add({} as never, { pose: identityPose() })).code).toBe('INVALID_OPTION');
    expect(caught(() => w.add(box(1), null as never)).code).toBe('INVALID_OPTION');
    expect(w.size).toBe(0);
    // the extremes are fine
    w.add(box(1), { pose: identityPose(), group: 0xffffffff, mask: -(2 ** 31) });
    expect(w.size).toBe(1);
  });

  it('a bad callback, a bad cap', () => {
    const w = new World();
    expect(caught(() => w.step(42 as never)).code).toBe('INVALID_OPTION');
    expect(caught(() => w.step(undefined, { maxImpacts: -1 })).message).toMatch(/maxImpacts/);
    expect(caught(() => w.step(undefined, { maxImpacts: 1.5 })).message).toMatch(/maxImpacts/);
  });

  it("an empty world checks the step's options as any world does (it took a tolerance of -1)", () => {
    const w = new World();
    expect(caught(() => w.step(undefined, { tolerance: -1 })).message).toMatch(/tolerance/);
    expect(caught(() => w.step(undefined, 'fast' as never)).message).toMatch(/options must be an object/);
    expect(caught(() => w.step(undefined, { maxIterations: 'x' } as never)).message).toMatch(/maxIterations/);
    expect(w.step(undefined, { tolerance: 1e-3 }).status).toBe('complete');
  });

  it("the step's options are read once: a getter answering a good value to the check and a bad one after lets nothing through", () => {
    for (const [key, good, bad] of [
      ['tolerance', 1e-6, -1],
      ['tolerance', 1e-6, Number.NaN],
      ['maxIterations', 1000, -1],
      ['maxIterations', 1000, Number.NaN],
    ] as const) {
      const w = new World();
      w.add(box([0.01, 1, 1]), { pose: at(0), kind: 'static' });
      const bullet = w.add(box(0.02), { pose: at(-0.5) });
      w.setTarget(bullet, at(0.5));
      let reads = 0;
      const options = {
        get [key]() {
          return reads++ === 0 ? good : bad;
        },
      };
      const r = w.step(undefined, options);
      expect(reads).toBe(1);
      expect(r.events.length).toBe(1);
      expect(r.tolerance).toBeGreaterThan(0);
      expect(w.pose(bullet).t[0]).toBeLessThan(0);
    }
  });

  it("firstImpact's onProgress may not change the world under its search (a removed body came back as an id)", () => {
    const w = new World();
    const ids = [0, 1, 2, 3].map((k) => w.add(box(0.1), { pose: at(k) }));
    for (const id of ids) w.setTarget(id, at(0.5));
    for (const change of [
      () => w.remove(ids[0]),
      () => w.add(box(0.1), { pose: at(9) }),
      () => w.setTarget(ids[1], at(3)),
      () => w.setTargets([ids[1]], [at(3)]),
      () => w.step(),
      () => w.firstImpact(),
    ]) {
      let seen: FirstTouchError | null = null;
      const onProgress = () => {
        if (seen === null) seen = caught(change);
      };
      w.firstImpact({ onProgress });
      expect(seen).not.toBeNull();
      expect(seen!.code).toBe('INVALID_OPTION');
      expect(seen!.message).toMatch(/not allowed inside firstImpact's onProgress/);
    }
    // the world is as it was: every body there, the search's answer a pair of its ids
    const r = w.firstImpact();
    expect(ids.every((id) => w.has(id))).toBe(true);
    expect(r.pair?.every((id) => ids.includes(id))).toBe(true);
  });
});

describe("a step's signal may not change the world under its searches", () => {
  // A signal's `aborted` getter runs inside the step's searches. Letting it change the world there
  // crashed the step (a removed body: TypeError), or let a body pass through another unseen (a target
  // set there left its queued searches standing). As inside firstImpact, the change is refused.
  const cube = () => box(0.3);
  const changes = (w: World, ids: number[]) => [
    () => w.remove(ids[2]),
    () => w.add(cube(), { pose: at(9) }),
    () => w.setTarget(ids[0], at(3)),
    () => w.setTargets([ids[0]], [at(3)]),
    () => w.step(),
    () => w.firstImpact(),
  ];
  it('every change is refused, at whichever read of the signal, and the step still sees the impact', () => {
    for (let c = 0; c < 6; c++) {
      for (let k = 1; k <= 12; k++) {
        const w = new World();
        // cube 0 closes in on the static 1; 2 and 3 make a second pair
        const ids = [
          w.add(cube(), { pose: at(0) }),
          w.add(cube(), { pose: at(1), kind: 'static' }),
          w.add(cube(), { pose: poseFromAxisAngle([0, 0, 1], 0, [0, 2, 0]) }),
          w.add(cube(), { pose: poseFromAxisAngle([0, 0, 1], 0, [0.7, 2, 0]) }),
        ];
        w.setTarget(ids[0], at(0.9));
        w.setTarget(ids[2], poseFromAxisAngle([0, 0, 1], 0, [0.5, 2, 0]));
        let reads = 0;
        let seen: FirstTouchError | null = null;
        const signal = {
          get aborted() {
            if (++reads === k) seen = caught(changes(w, ids)[c]);
            return false;
          },
        };
        const r = w.step(() => {}, { signal });
        if (reads < k) continue;
        expect(seen).not.toBeNull();
        expect(seen!.code).toBe('INVALID_OPTION');
        expect(seen!.message).toMatch(/not allowed while the step searches/);
        // the world as the step left it: every body there, body 0 stopped at body 1 (its face at 0.85)
        expect(ids.every((id) => w.has(id))).toBe(true);
        expect(w.size).toBe(4);
        expect(r.events.some((e) => e.ids[0] === ids[0] && e.ids[1] === ids[1])).toBe(true);
        expect(w.pose(ids[0]).t[0]).toBeLessThan(0.71);
      }
    }
  });

  it('the callback may still set targets, and the world may change once the step has returned or thrown', () => {
    for (const throws of [false, true]) {
      const w = new World();
      const a = w.add(box(0.1), { pose: at(0) });
      const b = w.add(box(0.1), { pose: at(1), kind: 'static' });
      w.setTarget(a, at(2));
      const signal = {
        get aborted() {
          return false;
        },
      };
      const onImpact = () => {
        w.setTarget(a, at(0));
        if (throws) throw new Error('stop');
      };
      if (throws) expect(caught(() => w.step(onImpact, { signal })).code).toBe('CALLBACK_FAILED');
      else expect(w.step(onImpact, { signal }).events.length).toBe(1);
      w.setTarget(a, at(-1));
      w.remove(b);
      expect(w.size).toBe(1);
    }
  });

  it('the same in 2-D', () => {
    for (let k = 1; k <= 8; k++) {
      const w = new World2();
      const p = (x: number, y = 0) => ({ angle: 0, t: [x, y] });
      const ids = [
        w.add(ball2(0.3), { pose: p(0) }),
        w.add(ball2(0.3), { pose: p(1), kind: 'static' }),
        w.add(ball2(0.3), { pose: p(0, 2) }),
      ];
      w.setTarget(ids[0], p(0.5));
      let reads = 0;
      let seen: FirstTouchError | null = null;
      const signal = {
        get aborted() {
          if (++reads === k) seen = caught(() => w.remove(ids[2]));
          return false;
        },
      };
      const r = w.step(undefined, { signal });
      if (reads < k) continue;
      expect(seen!.code).toBe('INVALID_OPTION');
      expect(w.has(ids[2])).toBe(true);
      expect(r.events.length).toBe(1);
    }
  });
});

describe('targets: what is set is what was checked', () => {
  /** A pose whose getter of `t` answers `first` to its first read and `then` after. */
  const flipping = (first: number[], then: number[]) => {
    let reads = 0;
    return {
      R: [1, 0, 0, 0, 1, 0, 0, 0, 1],
      get t() {
        return reads++ < 1 ? first : then;
      },
    };
  };

  it('a target whose getters change between the check and the copy is refused, the world unchanged', () => {
    const w = new World();
    const a = w.add(box(0.5), { pose: at(0) });
    const b = w.add(box(0.5), { pose: at(3), shared: true });
    expect(caught(() => w.setTarget(a, flipping([0.5, 0, 0], [Number.NaN, 0, 0]) as never)).code).toBe(
      'INVALID_POSE',
    );
    expect(w.target(a)).toBeNull();
    // setTargets: no entry set when one of them turns bad after its check
    const e = caught(() => w.setTargets([a, b], [at(1), flipping([2, 0, 0], [Number.NaN, 0, 0])] as never));
    expect(e.code).toBe('INVALID_POSE');
    expect(e.message).toMatch(/setTargets: poses\[1\]/);
    expect([w.target(a), w.target(b)]).toEqual([null, null]);
    // each entry is read once: a proxy that would answer a scaled pose to a second read is never asked
    let reads = 0;
    const once = new Proxy([at(1), at(2)], {
      get(target, key, receiver) {
        if (key === '1' && reads++ > 0) return { R: [2, 0, 0, 0, 2, 0, 0, 0, 2], t: [2, 0, 0] };
        return Reflect.get(target, key, receiver);
      },
    });
    w.setTargets([a, b], once as never);
    expect(reads).toBe(1);
    expect(w.step().status).toBe('complete');
    expect([w.pose(a).t[0], w.pose(b).t[0]]).toEqual([1, 2]);
    expect(Array.from(w.pose(b).R)).toEqual([1, 0, 0, 0, 1, 0, 0, 0, 1]);
  });

  it('setTargets reads each id once: an id answering another body after its check sets nothing else', () => {
    const w = new World();
    const wall = w.add(box(1), { pose: at(0), kind: 'static' });
    const mover = w.add(box(1), { pose: at(5), shared: true });
    let reads = 0;
    const ids = [0];
    Object.defineProperty(ids, 0, { get: () => (reads++ === 0 ? mover : wall) });
    w.setTargets(ids, [at(3)]);
    expect(w.target(wall)).toBeNull();
    expect(w.target(mover)?.t[0]).toBe(3);
    // the static wall did not move, and a body sent through it stops there
    w.step();
    expect(w.pose(wall).t[0]).toBe(0);
    w.remove(mover);
    const bullet = w.add(box(0.2), { pose: at(6) });
    w.setTarget(bullet, at(-6));
    expect(w.step().events.length).toBeGreaterThan(0);
    expect(w.pose(bullet).t[0]).toBeGreaterThan(0.5);
    // an id that turns unknown after its check: the checked one is set, nothing else is touched
    const w2 = new World();
    const a = w2.add(box(1), { pose: at(0) });
    const b = w2.add(box(1), { pose: at(5), shared: true });
    let reads2 = 0;
    const ids2 = [a, 0];
    Object.defineProperty(ids2, 1, { get: () => (reads2++ === 0 ? b : 99) });
    w2.setTargets(ids2, [at(1), at(6)]);
    expect([w2.target(a)?.t[0], w2.target(b)?.t[0]]).toEqual([1, 6]);
  });

  it('a pose whose arrays are gone at a second read is INVALID_POSE, not a TypeError (add, targets)', () => {
    const I = [1, 0, 0, 0, 1, 0, 0, 0, 1];
    const flaky = (x: number) => {
      let n = 0;
      return {
        get R() {
          return n++ === 0 ? I : null;
        },
        t: [x, 0, 0],
      };
    };
    const w = new World();
    const id = w.add(box(1), { pose: at(0) });
    for (const f of [
      () => w.add(box(1), { pose: flaky(3) as never, shared: true }),
      () => w.setTarget(id, flaky(1) as never),
      () => w.setTargets([id], [flaky(1) as never]),
    ]) {
      const e = caught(f);
      expect(e.code).toBe('INVALID_POSE');
      expect(e.message).toMatch(/changed after it was checked/);
    }
    expect(w.size).toBe(1);
    expect(w.target(id)).toBeNull();
    // the entry named by its place (the name is made only for the error)
    const other = w.add(box(1), { pose: at(5), shared: true });
    const e = caught(() => w.setTargets([id, other], [at(1), flaky(6) as never]));
    expect(e.message).toMatch(/^setTargets: poses\[1\] changed after it was checked/);
    expect(w.target(id)).toBeNull();
  });

  it('a target whose translation from the body overflows is refused at setTarget, naming the body', () => {
    const w = new World();
    const far = poseFromAxisAngle([0, 0, 1], 0, [1e308, 0, 0]);
    const id = w.add(box(0.5), { pose: far });
    const e = caught(() => w.setTarget(id, poseFromAxisAngle([0, 0, 1], 0, [-1e308, 0, 0])));
    expect(e.code).toBe('INVALID_POSE');
    expect(e.message).toMatch(/^setTarget\(0\): pose1: its translation from the body's pose overflows/);
    expect(w.target(id)).toBeNull();
    const e2 = caught(() => w.setTargets([id], [poseFromAxisAngle([0, 0, 1], 0, [-1e308, 0, 0])]));
    expect(e2.message).toMatch(/^setTargets: poses\[0\]: its translation/);
    // from flat numbers, the same name
    const flat = Float64Array.of(
      1,
      0,
      0,
      0,
      1,
      0,
      0,
      0,
      1,
      1e308,
      0,
      0,
      1,
      0,
      0,
      0,
      1,
      0,
      0,
      0,
      1,
      -1e308,
      0,
      0,
    );
    const e3 = caught(() => w.setTargets([id, id], flat));
    expect(e3.message).toMatch(/^setTargets: poses\[1\]: its translation/);
    expect(w.step().status).toBe('complete');
  });
});
