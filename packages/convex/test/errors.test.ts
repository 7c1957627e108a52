// Bad input throws FirstTouchError with a stable code and a message naming the argument.

import { FirstTouchError, identityPose, poseFromAxisAngle } from '@firsttouch/pose';
import { describe, expect, it } from 'vitest';
import {
  ball,
  ball2,
  capsule,
  capsule2,
  castShape,
  castShape2,
  cone,
  convexHull,
  convexPolygon,
  cuboid,
  cuboid2,
  cylinder,
  GjkPair,
  isShape3,
  mappedBoxDiagonal,
  pointSet,
  pointSet2,
  quickhull,
  rounded,
  shapeDistance,
  shapeDistance2,
} from '../src/index.js';
import { pointCore } from '../src/internal.js';

function expectError(f: () => unknown, code: string, words: RegExp): void {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(FirstTouchError);
    expect((e as FirstTouchError).code).toBe(code);
    expect((e as Error).message).toMatch(words);
    return;
  }
  throw new Error('no error thrown');
}

describe('radii and half extents', () => {
  const bad: Array<[unknown, string]> = [
    [0, 'INVALID_OPTION'],
    [-1, 'INVALID_OPTION'],
    [Number.NaN, 'NON_FINITE'],
    [Number.POSITIVE_INFINITY, 'NON_FINITE'],
    ['1', 'NON_FINITE'],
    [undefined, 'NON_FINITE'],
  ];
  it('ball, cuboid, capsule, cylinder, cone, rounded and the 2-D twins name the argument', () => {
    for (const [x, code] of bad) {
      const v = x as number;
      expectError(() => ball(v), code, /ball: radius/);
      expectError(() => cuboid(1, v, 1), code, /cuboid: hy/);
      expectError(() => cuboid(1, 1, v), code, /cuboid: hz/);
      expectError(() => capsule(v, 1), code, /capsule: halfHeight/);
      expectError(() => capsule(1, v), code, /capsule: radius/);
      expectError(() => cylinder(v, 1), code, /cylinder: halfHeight/);
      expectError(() => cone(1, v), code, /cone: radius/);
      expectError(() => rounded(ball(1), v), code, /rounded: radius/);
      expectError(() => ball2(v), code, /ball2: radius/);
      expectError(() => cuboid2(v, 1), code, /cuboid2: hx/);
      expectError(() => capsule2(1, v), code, /capsule2: radius/);
    }
    expectError(() => rounded({} as never, 1), 'INVALID_OPTION', /rounded: shape must be a shape/);
  });
});

describe('mappedBoxDiagonal', () => {
  it('names a shape that is none and a map that is not 9 finite numbers (it answered NaN or threw a TypeError)', () => {
    expectError(
      () => mappedBoxDiagonal(null as never, [1, 0, 0, 0, 1, 0, 0, 0, 1]),
      'INVALID_OPTION',
      /mappedBoxDiagonal: shape must be a shape/,
    );
    expectError(
      () => mappedBoxDiagonal(ball(1), [1, 2]),
      'BAD_LENGTH',
      /mappedBoxDiagonal: L must have 9 numbers/,
    );
    expectError(
      () => mappedBoxDiagonal(cuboid(1, 1, 1), [Number.NaN, 0, 0, 0, 1, 0, 0, 0, 1]),
      'NON_FINITE',
      /L\[0\]/,
    );
    expectError(
      () => mappedBoxDiagonal(cuboid(1, 1, 1), null as never),
      'NON_FINITE',
      /L must be an array of 9 numbers/,
    );
    expectError(
      () => mappedBoxDiagonal(ball2(1) as never, [1, 0, 0, 0, 1, 0, 0, 0, 1]),
      'INVALID_OPTION',
      /3-D shape/,
    );
  });
});

describe('hulls', () => {
  it('fewer than 4 points, or no 4 affinely independent, in 3-D', () => {
    expectError(() => convexHull([0, 0, 0, 1, 0, 0, 0, 1, 0]), 'BAD_LENGTH', /at least 4 points/);
    expectError(() => convexHull([0, 0, 0, 1]), 'BAD_LENGTH', /3 numbers a point/);
    expectError(
      () => convexHull([0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0, 0.5, 0.5, 0]),
      'INVALID_OPTION',
      /4 affinely independent.*plane/,
    );
    expectError(() => convexHull([0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3]), 'INVALID_OPTION', /one line/);
    expectError(() => convexHull([1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3]), 'INVALID_OPTION', /same point/);
    expectError(
      () => quickhull([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, Number.NaN]),
      'NON_FINITE',
      /points: point 3/,
    );
    expectError(() => convexHull('abc' as never), 'BAD_LENGTH', /points/);
  });

  it('fewer than 3 points, or all on a line, in 2-D', () => {
    expectError(() => convexPolygon([0, 0, 1, 1]), 'BAD_LENGTH', /at least 3 points/);
    expectError(() => convexPolygon([0, 0, 1, 1, 2, 2, 3, 3]), 'INVALID_OPTION', /one line/);
    expectError(() => convexPolygon([0, 0, 1, Number.POSITIVE_INFINITY, 2, 0]), 'NON_FINITE', /point 1/);
  });

  it('point sets: empty, ragged or not finite', () => {
    expectError(() => pointSet([]), 'BAD_LENGTH', /pointSet: points must hold at least 1/);
    expectError(() => pointSet([0, 0]), 'BAD_LENGTH', /3 numbers a point/);
    expectError(() => pointSet2([0, Number.NaN]), 'NON_FINITE', /pointSet2: points/);
  });
});

describe('queries', () => {
  const I = identityPose();
  it('shapeDistance: shapes, dimensions, poses, options', () => {
    expectError(
      () => shapeDistance({} as never, ball(1)),
      'INVALID_OPTION',
      /shapeDistance: a must be a shape/,
    );
    expectError(() => shapeDistance(ball(1), ball2(1) as never), 'INVALID_OPTION', /b must be a 3-D shape/);
    expectError(
      () => shapeDistance(ball(1), ball(1), { poseB: { R: [1, 0, 0, 0, 1, 0, 0, 0, -1], t: [0, 0, 0] } }),
      'INVALID_POSE',
      /poseB.R is a reflection/,
    );
    expectError(
      () => shapeDistance(ball(1), ball(1), 3 as never),
      'INVALID_OPTION',
      /options must be an object/,
    );
    expectError(
      () => shapeDistance2(ball2(1), ball2(1), { poseA: { angle: Number.NaN, t: [0, 0] } }),
      'INVALID_POSE',
      /poseA.angle/,
    );
  });

  it('shapeDistance: poses farther apart than float64 holds are INVALID_POSE (the gap came back NaN)', () => {
    const at = (x: number) => ({ R: [1, 0, 0, 0, 1, 0, 0, 0, 1], t: [x, 0, 0] });
    expectError(
      () => shapeDistance(ball(1), ball(1), { poseA: at(1e308), poseB: at(-1e308) }),
      'INVALID_POSE',
      /shapeDistance: poseA and poseB lie farther apart than float64 holds/,
    );
    expect(shapeDistance(ball(1), ball(1), { poseB: at(1e200) }).distance).toBe(1e200 - 2);
  });

  it('castShape: finite poses whose translation over the step overflows are INVALID_POSE (it answered separate, NaN)', () => {
    const far = (x: number) => poseFromAxisAngle([0, 0, 1], 0, [x, 0, 0]);
    expectError(
      () => castShape(cuboid(1, 1, 1), ball(0.5), { a: [I, I], b: [far(1e308), far(-1e308)] }),
      'INVALID_POSE',
      /motion\.b: the translation over the step overflows/,
    );
    expectError(
      () =>
        castShape(cuboid(1, 1, 1), ball(0.5), { a: [far(-1e308), far(1e308)], b: [far(1e308), far(-1e308)] }),
      'INVALID_POSE',
      /motion\.a: the translation over the step overflows/,
    );
    const far2 = (x: number) => ({ angle: 0, t: [x, 0] });
    expectError(
      () => castShape2(cuboid2(1, 1), ball2(0.5), { a: [far2(0), far2(0)], b: [far2(1e308), far2(-1e308)] }),
      'INVALID_POSE',
      /overflows/,
    );
  });

  it('castShape: bodies farther apart than float64 holds at s = 0 or 1 are INVALID_POSE (it answered not-converged at 0, NaN)', () => {
    const far = (x: number) => poseFromAxisAngle([0, 0, 1], 0, [x, 0, 0]);
    expectError(
      () =>
        castShape(ball(1), cuboid(1, 1, 1), {
          a: [far(1.7e308), far(1.7e308)],
          b: [far(-1.7e308), far(-1.7e308)],
        }),
      'INVALID_POSE',
      /castShape: A and B lie farther apart than float64 holds at s = 0/,
    );
    // apart within range at s = 0, past it at s = 1 (every translation over the step finite, the
    // relative one too)
    expectError(
      () =>
        castShape(ball(1), cuboid(1, 1, 1), { a: [far(5e307), far(1e308)], b: [far(-6e307), far(-1.1e308)] }),
      'INVALID_POSE',
      /at s = 1/,
    );
    const far2 = (x: number) => ({ angle: 0, t: [x, 0] });
    expectError(
      () =>
        castShape2(ball2(1), ball2(1), {
          a: [far2(1.7e308), far2(1.7e308)],
          b: [far2(-1.7e308), far2(-1.7e308)],
        }),
      'INVALID_POSE',
      /castShape2: A and B lie farther apart than float64 holds at s = 0/,
    );
    // far apart within range still answers
    const r = castShape(ball(1), cuboid(1, 1, 1), {
      a: [far(8e307), far(8e307)],
      b: [far(-8e307), far(-8e307)],
    });
    expect(r.status).toBe('separate');
  });

  it("a point set rewritten in place (mesh's pointSet, GJK's scratch) is no body: refused by name", () => {
    const scratch = pointCore(3);
    scratch.points.set([0, 0, 0, 1, 0, 0, 0, 1, 0]);
    scratch.reach = 1;
    const motion = { a: [I, I], b: [I, poseFromAxisAngle([0, 0, 1], 0, [0, 0, 3])] } as const;
    expect(isShape3(scratch.shape)).toBe(false);
    expectError(() => rounded(scratch.shape, 0.1), 'INVALID_OPTION', /rounded: shape .*rewritten in place/);
    expectError(
      () => castShape(scratch.shape, ball(1), motion),
      'INVALID_OPTION',
      /castShape: a .*rewritten/,
    );
    expectError(
      () => shapeDistance(ball(1), scratch.shape),
      'INVALID_OPTION',
      /shapeDistance: b .*rewritten/,
    );
    // GJK's own pairs take it (what it is made for)
    const pair = new GjkPair(scratch.shape, ball(0.25));
    expect(pair.evaluate(I.R, new Float64Array([0.25, 0.25, 2]))).toBeCloseTo(1.75, 12);
  });

  it('castShape: a motion that turns, bad tolerances, bad records', () => {
    const turned = poseFromAxisAngle([0, 0, 1], 0.1, [1, 0, 0]);
    expectError(
      () => castShape(ball(1), ball(1), { a: [I, I], b: [I, turned] }),
      'INVALID_POSE',
      /motion.b turns/,
    );
    expectError(
      () => castShape(ball(1), ball(1), { a: [I], b: [I, I] } as never),
      'INVALID_POSE',
      /motion must be/,
    );
    expectError(
      () => castShape(ball(1), ball(1), { a: [I, I], b: [I, { R: I.R, t: [0, 0] }] }),
      'INVALID_POSE',
      /motion.b\[1\].t/,
    );
    expectError(
      () => castShape(ball(1), ball(1), { a: [I, I], b: [I, I] }, { tolerance: 0 }),
      'INVALID_OPTION',
      /tolerance/,
    );
    expectError(
      () => castShape(ball(1), ball(1), { a: [I, I], b: [I, I] }, { maxIterations: 1.5 }),
      'INVALID_OPTION',
      /maxIterations/,
    );
    expectError(
      () =>
        castShape(ball(1), ball(1), { a: [I, I], b: [I, I] }, undefined, {
          pointA: new Float64Array(2),
        } as never),
      'INVALID_OPTION',
      /out must be/,
    );
    // a rotation one ulp off in any one of its 9 numbers turns, as a Float64Array or an array; the
    // same rotation (the same array, a copy, or an array of its numbers) does not
    const R0 = poseFromAxisAngle([1, 2, 3], 0.7).R;
    for (let k = 0; k < 9; k++) {
      const R1 = Float64Array.from(R0);
      R1[k] = R1[k] + Math.abs(R1[k]) * Number.EPSILON + Number.MIN_VALUE;
      for (const R of [R1, Array.from(R1)]) {
        expectError(
          () =>
            castShape(ball(1), ball(1), {
              a: [I, I],
              b: [
                { R: R0, t: [3, 0, 0] },
                { R, t: [0, 0, 0] },
              ],
            }),
          'INVALID_POSE',
          /motion.b turns/,
        );
      }
    }
    for (const R of [R0, Float64Array.from(R0), Array.from(R0)]) {
      const r = castShape(ball(1), ball(1), {
        a: [I, I],
        b: [
          { R: R0, t: [3, 0, 0] },
          { R, t: [0, 0, 0] },
        ],
      });
      // (contact within the tolerance, never after the touch at s = 1/3)
      expect(r.status).toBe('contact');
      expect(r.toi).toBeLessThanOrEqual(1 / 3);
      expect(r.toi).toBeGreaterThan(1 / 3 - 1e-5);
    }
    const q = { angle: 0, t: [0, 0] };
    expectError(
      () => castShape2(ball2(1), ball2(1), { a: [q, q], b: [q, { angle: 1, t: [0, 0] }] }),
      'INVALID_POSE',
      /motion.b turns/,
    );
  });

  it('castShape, castShape2: a record that cannot be written is refused, naming the field, and left as it was (it threw a TypeError)', () => {
    const far3 = (x: number) => poseFromAxisAngle([0, 0, 1], 0, [x, 0, 0]);
    const motion = { a: [I, I], b: [far3(3), far3(-3)] } as const;
    const q = (x: number) => ({ angle: 0, t: [x, 0] });
    const motion2 = { a: [q(0), q(0)], b: [q(3), q(-3)] } as const;
    const queries = [
      (out?: never) => castShape(ball(1), cuboid(1, 1, 1), motion, undefined, out),
      (out?: never) => castShape2(ball2(1), cuboid2(1, 1), motion2, undefined, out),
    ];
    for (const cast of queries) {
      const make = () => ({ ...cast(), pointA: new Float64Array(cast().pointA.length) });
      const cases: [object, string][] = [
        [Object.freeze(make()), 'status'],
        [Object.defineProperty(make(), 'distance', { value: 0, writable: false }), 'distance'],
        [Object.defineProperty(make(), 'tolerance', { get: () => 0 }), 'tolerance'],
      ];
      for (const [out, field] of cases) {
        const before = JSON.stringify(out, (_, v) => (v instanceof Float64Array ? Array.from(v) : v));
        expectError(
          () => cast(out as never),
          'INVALID_OPTION',
          new RegExp(`out must be a writable result record, but out\\.${field} cannot be written`),
        );
        expect(JSON.stringify(out, (_, v) => (v instanceof Float64Array ? Array.from(v) : v))).toBe(before);
      }
      // a sealed record takes the answer
      const sealed = Object.seal(make());
      expect(cast(sealed as never)).toBe(sealed);
      expect(sealed.toi).toBe(cast().toi);
    }
  });

  it('GjkPair: unbound, mixed dimensions, bad cast arguments', () => {
    const R = Float64Array.of(1, 0, 0, 0, 1, 0, 0, 0, 1);
    const t = new Float64Array(3);
    expectError(() => new GjkPair().evaluate(R, t), 'INVALID_OPTION', /no shapes bound/);
    expectError(() => new GjkPair(ball(1), ball2(1)), 'INVALID_OPTION', /one dimension/);
    expectError(() => new GjkPair(ball(1), ball(1)).cast(R, t, t, -1), 'INVALID_OPTION', /tolerance/);
    expectError(() => new GjkPair(ball(1), ball(1)).cast(R, t, t, 1, 0), 'INVALID_OPTION', /maxIterations/);
  });

  it('GjkPair.cast: a placement or a motion that is not finite numbers (a NaN motion answered separate)', () => {
    const R = Float64Array.of(1, 0, 0, 0, 1, 0, 0, 0, 1);
    const t = Float64Array.of(3, 0, 0);
    const pair = new GjkPair(ball(1), ball(1));
    const cast = (R1: unknown, t1: unknown, r1: unknown) => () =>
      pair.cast(R1 as Float64Array, t1 as Float64Array, r1 as Float64Array, 1e-6);
    expectError(
      cast(R, t, Float64Array.of(Number.NaN, 0, 0)),
      'NON_FINITE',
      /GjkPair\.cast: r\[0\] must be a finite number, got NaN/,
    );
    expectError(
      cast(R, Float64Array.of(0, Number.POSITIVE_INFINITY, 0), t),
      'NON_FINITE',
      /t\[1\] must be a finite number, got Infinity/,
    );
    expectError(cast(Float64Array.of(1, 2), t, t), 'NON_FINITE', /R must hold 9 finite numbers/);
    expectError(cast(R, t, null), 'NON_FINITE', /r must hold 3 finite numbers, got null/);
    // and the pair still casts after a refusal
    expect(pair.cast(R, t, Float64Array.of(-2, 0, 0), 1e-9)).toBe('contact');
    expect(pair.toi).toBeCloseTo(0.5, 8);
  });
});
