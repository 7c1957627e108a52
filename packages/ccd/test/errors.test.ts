import { ball, capsule, cuboid2 } from '@firsttouch/convex';
import { box, Curve, disc, pointSet, rectangle, Surface } from '@firsttouch/mesh';
import { FirstTouchError, identityPose, pose2, poseFromAxisAngle } from '@firsttouch/pose';
import { describe, expect, it } from 'vitest';
import {
  type Motion2,
  type Motion3,
  type TimeOfImpactOptions,
  timeOfImpact,
  timeOfImpact2,
} from '../src/index.js';
import { cuboid } from './helpers.js';

function caught(f: () => unknown): FirstTouchError {
  let error: unknown;
  try {
    f();
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(FirstTouchError);
  return error as FirstTouchError;
}

function throwsNaming(f: () => unknown, code: string, ...words: string[]): void {
  const e = caught(f);
  expect(e.code).toBe(code);
  for (const w of words) expect(e.message).toContain(w);
}

const cube = box(1);
const apart: Motion3 = {
  a: [identityPose(), identityPose()],
  b: [poseFromAxisAngle([0, 0, 1], 0, [3, 0, 0]), poseFromAxisAngle([0, 0, 1], 0, [2.5, 0, 0])],
};
const square = rectangle(1, 1);
const apart2: Motion2 = { a: [pose2(), pose2()], b: [pose2(0, [3, 0]), pose2(0, [2.5, 0])] };

type Run = (options: unknown) => unknown;
const runs: [string, Run][] = [
  ['timeOfImpact', (o) => timeOfImpact(cube, cube, apart, o as TimeOfImpactOptions)],
  ['timeOfImpact2', (o) => timeOfImpact2(square, square, apart2, o as TimeOfImpactOptions)],
];

describe.each(runs)('%s: bad options name the option', (_name, run) => {
  it('tolerance 0, −1, NaN, ±Infinity, a string', () => {
    for (const tolerance of [
      0,
      -0,
      -1,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
      '1',
    ]) {
      throwsNaming(() => run({ tolerance }), 'INVALID_OPTION', 'tolerance');
    }
  });

  it('maxIterations 0, negative, 1.5, NaN, Infinity, a string', () => {
    for (const maxIterations of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '5']) {
      throwsNaming(() => run({ maxIterations }), 'INVALID_OPTION', 'maxIterations');
    }
  });

  it("directional 'yes', 1, 'auto ' and options that are not an object", () => {
    for (const directional of ['yes', 1, 'auto ', 'false']) {
      throwsNaming(() => run({ directional }), 'INVALID_OPTION', 'directional');
    }
    for (const options of [null, 5, 'fast']) throwsNaming(() => run(options), 'INVALID_OPTION', 'options');
  });

  it('valid options pass: the smallest cap, a tiny tolerance, every mode', () => {
    for (const options of [
      undefined,
      {},
      { maxIterations: 1 },
      { tolerance: Number.MIN_VALUE },
      { directional: true },
      { directional: false },
      { directional: 'auto' },
    ]) {
      expect(() => run(options)).not.toThrow();
    }
  });
});

describe('timeOfImpact: bad poses name the pose', () => {
  const good = identityPose();
  const cases: [string, (p: unknown) => Motion3][] = [
    ['motion.a[0]', (p) => ({ a: [p, good], b: [good, good] }) as unknown as Motion3],
    ['motion.a[1]', (p) => ({ a: [good, p], b: [good, good] }) as unknown as Motion3],
    ['motion.b[0]', (p) => ({ a: [good, good], b: [p, good] }) as unknown as Motion3],
    ['motion.b[1]', (p) => ({ a: [good, good], b: [good, p] }) as unknown as Motion3],
  ];
  const bad: [string, unknown][] = [
    ['missing', undefined],
    ['null', null],
    ['a number', 3],
    ['R not orthonormal', { R: [1, 0, 0, 0, 2, 0, 0, 0, 1], t: [0, 0, 0] }],
    ['R a reflection', { R: [-1, 0, 0, 0, 1, 0, 0, 0, 1], t: [0, 0, 0] }],
    ['R short', { R: [1, 0, 0, 0, 1, 0, 0, 0], t: [0, 0, 0] }],
    ['t with NaN', { R: [1, 0, 0, 0, 1, 0, 0, 0, 1], t: [0, Number.NaN, 0] }],
    ['t infinite', { R: [1, 0, 0, 0, 1, 0, 0, 0, 1], t: [Number.POSITIVE_INFINITY, 0, 0] }],
    ['t missing', { R: [1, 0, 0, 0, 1, 0, 0, 0, 1] }],
  ];
  for (const [where, motion] of cases) {
    for (const [what, p] of bad) {
      it(`${where}: ${what}`, () => {
        throwsNaming(() => timeOfImpact(cube, cube, motion(p)), 'INVALID_POSE', where);
      });
    }
  }

  it('a motion that is not {a: [P0, P1], b: [P0, P1]}', () => {
    for (const motion of [null, undefined, 5, {}, { a: [good, good] }, { a: good, b: [good, good] }]) {
      throwsNaming(() => timeOfImpact(cube, cube, motion as unknown as Motion3), 'INVALID_POSE', 'motion');
    }
    throwsNaming(
      () => timeOfImpact(cube, cube, { a: [good], b: [good, good] } as unknown as Motion3),
      'INVALID_POSE',
      'motion.a[1]',
    );
    // a third pose was ignored
    throwsNaming(
      () => timeOfImpact(cube, cube, { a: [good, good, good], b: [good, good] } as unknown as Motion3),
      'INVALID_POSE',
      'timeOfImpact: motion.a must hold the poses at s = 0 and 1, got 3',
    );
  });
});

describe('timeOfImpact2: bad poses name the pose', () => {
  const good = pose2();
  const cases: [string, (p: unknown) => Motion2][] = [
    ['motion.a[0]', (p) => ({ a: [p, good], b: [good, good] }) as unknown as Motion2],
    ['motion.a[1]', (p) => ({ a: [good, p], b: [good, good] }) as unknown as Motion2],
    ['motion.b[0]', (p) => ({ a: [good, good], b: [p, good] }) as unknown as Motion2],
    ['motion.b[1]', (p) => ({ a: [good, good], b: [good, p] }) as unknown as Motion2],
  ];
  const bad: [string, unknown][] = [
    ['missing', undefined],
    ['angle NaN', { angle: Number.NaN, t: [0, 0] }],
    ['angle a string', { angle: '0', t: [0, 0] }],
    ['t of length 3', { angle: 0, t: [0, 0, 0] }],
    ['t infinite', { angle: 0, t: [0, Number.NEGATIVE_INFINITY] }],
  ];
  for (const [where, motion] of cases) {
    for (const [what, p] of bad) {
      it(`${where}: ${what}`, () => {
        throwsNaming(() => timeOfImpact2(square, square, motion(p)), 'INVALID_POSE', where);
      });
    }
  }

  it('a motion that is not {a: [Q0, Q1], b: [Q0, Q1]}', () => {
    for (const motion of [null, 5, {}, { b: [good, good] }]) {
      throwsNaming(
        () => timeOfImpact2(square, square, motion as unknown as Motion2),
        'INVALID_POSE',
        'motion',
      );
    }
    // a third pose was ignored, on the polygons' own path too
    for (const [a, b] of [
      [square, square],
      [cuboid2(0.5, 0.5), cuboid2(0.5, 0.5)],
    ] as const) {
      throwsNaming(
        () =>
          timeOfImpact2(a, b, { a: [good, good], b: [good, pose2(1, [3, 0]), good] } as unknown as Motion2),
        'INVALID_POSE',
        'timeOfImpact2: motion.b must hold the poses at s = 0 and 1, got 3',
      );
    }
  });
});

describe('bad bodies', () => {
  it('an empty surface: EMPTY, naming the body', () => {
    const empty = Surface.fromTriangles([]);
    throwsNaming(() => timeOfImpact(empty, cube, apart), 'EMPTY', 'body A');
    throwsNaming(() => timeOfImpact(cube, empty, apart), 'EMPTY', 'body B');
    throwsNaming(() => timeOfImpact(cube, Surface.fromIndexed([0, 0, 0], []), apart), 'EMPTY', 'body B');
  });

  it('an empty curve: EMPTY, naming the curve', () => {
    const empty = Curve.fromLoops([], [], []);
    throwsNaming(() => timeOfImpact2(empty, square, apart2), 'EMPTY', 'curve A');
    throwsNaming(() => timeOfImpact2(square, empty, apart2), 'EMPTY', 'curve B');
  });

  it('non-Surface arguments: INVALID_OPTION naming a or b', () => {
    const notSurfaces: unknown[] = [
      null,
      undefined,
      {},
      square,
      [0, 0, 0, 1, 0, 0, 0, 1, 0],
      { positions: cube.positions, indices: cube.indices },
    ];
    for (const x of notSurfaces) {
      throwsNaming(() => timeOfImpact(x as Surface, cube, apart), 'INVALID_OPTION', 'a must be a Surface');
      throwsNaming(() => timeOfImpact(cube, x as Surface, apart), 'INVALID_OPTION', 'b must be a Surface');
    }
  });

  it('non-Curve arguments: INVALID_OPTION naming a or b', () => {
    for (const x of [null, 7, {}, cube, disc(1, 8).positions]) {
      throwsNaming(() => timeOfImpact2(x as Curve, square, apart2), 'INVALID_OPTION', 'a must be a Curve');
      throwsNaming(() => timeOfImpact2(square, x as Curve, apart2), 'INVALID_OPTION', 'b must be a Curve');
    }
  });

  it("mesh's pointSet (a point set rewritten in place, GJK's scratch): refused as a body, by name", () => {
    // Its reach and bounds are not kept up to date: taken as a body, a turning triangle was missed.
    const triangle = pointSet(3);
    triangle.points.set([0, 0, 0, 1, 0, 0, 0, 1, 0]);
    triangle.reach = 1;
    const turning: Motion3 = {
      a: [identityPose(), poseFromAxisAngle([0, 0, 1], 1)],
      b: [poseFromAxisAngle([0, 0, 1], 0, [0.5, 0.5, 2]), poseFromAxisAngle([0, 0, 1], 0, [0.5, 0.5, -2])],
    };
    throwsNaming(
      () => timeOfImpact(triangle.shape, cube, turning),
      'INVALID_OPTION',
      'a must be',
      'rewritten in place',
    );
    throwsNaming(
      () => timeOfImpact(cube, triangle.shape, turning),
      'INVALID_OPTION',
      'b must be',
      'rewritten in place',
    );
  });

  it('the bodies are checked before the motion and the options', () => {
    const empty = Surface.fromTriangles([]);
    throwsNaming(() => timeOfImpact(empty, cube, null as unknown as Motion3, { tolerance: -1 }), 'EMPTY');
  });
});

describe('a default tolerance that overflows', () => {
  it('says no tolerance was given and the default overflowed (it read "tolerance … got Infinity")', () => {
    const I = identityPose();
    for (const options of [undefined, {}]) {
      let e: unknown;
      try {
        timeOfImpact(capsule(1e308, 1e308), ball(1), { a: [I, I], b: [I, I] }, options);
      } catch (x) {
        e = x;
      }
      expect(e).toBeInstanceOf(FirstTouchError);
      expect((e as FirstTouchError).code).toBe('INVALID_OPTION');
      expect((e as FirstTouchError).message).toMatch(
        /^no tolerance was given, and the default \(1e-6 of the bodies' largest box diagonal\) is Infinity: .*give a tolerance$/,
      );
    }
    // a tolerance given is the way out
    const r = timeOfImpact(ball(1e308), ball(1e308), { a: [I, I], b: [I, I] }, { tolerance: 1e300 });
    expect(r.status).toBe('initial-contact');
  });
});

describe('bodies farther apart than a double holds', () => {
  // Each pose finite, their difference not: the gap at s = 0 was +∞ or NaN, and the answer an
  // InitialContact or NotConverged at 0 with NaN points (or an internal NON_FINITE), where the
  // distances refuse the same poses.
  const at = (x: number) => poseFromAxisAngle([0, 0, 1], 0, [x, 0, 0]);
  const at2 = (x: number) => pose2(0, [x, 0]);

  it('timeOfImpact and timeOfImpact2 refuse them with INVALID_POSE, naming the end', () => {
    const far: Motion3 = { a: [at(1.7e308), at(1.7e308)], b: [at(-1.7e308), at(-1.7e308)] };
    for (const [a, b] of [
      [box(1), ball(1)],
      [ball(1), ball(1)],
      [box(1), box(1)],
    ] as const) {
      throwsNaming(
        () => timeOfImpact(a, b, far),
        'INVALID_POSE',
        'timeOfImpact',
        'farther apart than float64',
        's = 0',
      );
    }
    // apart at s = 1 only (each body's own translation over the step is finite)
    const parting: Motion3 = { a: [at(1e308), at(1.7e308)], b: [at(-1e307), at(-1.7e308)] };
    throwsNaming(() => timeOfImpact(ball(1), ball(1), parting), 'INVALID_POSE', 's = 1');
    const far2: Motion2 = { a: [at2(1.7e308), at2(1.7e308)], b: [at2(-1.7e308), at2(-1.7e308)] };
    for (const [a, b] of [
      [disc(1, 8), disc(1, 8)],
      [disc(1, 8), cuboid2(1, 1)],
      [cuboid2(1, 1), cuboid2(1, 1)],
    ] as const) {
      throwsNaming(() => timeOfImpact2(a, b, far2), 'INVALID_POSE', 'timeOfImpact2', 's = 0');
    }
  });

  it('far apart within range still answers (8e307 each side: 1.6e308 apart)', () => {
    const r = timeOfImpact(ball(1), box(1), { a: [at(8e307), at(8e307)], b: [at(-8e307), at(-8e307)] });
    expect(r.status).toBe('separate');
    expect(Number.isFinite(r.tolerance)).toBe(true);
  });

  it('speed bounds whose sum overflows are INVALID_POSE, not a bad option "mu" the caller never gave', () => {
    // 1e308 apart, each moving 1e308 the same way: every offset finite, μ_A + μ_B = 2e308
    const together: Motion3 = { a: [at(-0.9e308), at(0.1e308)], b: [at(0.1e308), at(1.1e308)] };
    throwsNaming(() => timeOfImpact(ball(1), ball(1), together), 'INVALID_POSE', 'speed bounds');
  });
});

describe('valid corner cases', () => {
  it('bodies at rest (μ = 0), apart: separate in one step, every mode', () => {
    const still: Motion3 = {
      a: [identityPose(), identityPose()],
      b: [poseFromAxisAngle([1, 1, 0], 2, [3, 0, 0]), poseFromAxisAngle([1, 1, 0], 2, [3, 0, 0])],
    };
    for (const directional of [false, true, 'auto'] as const) {
      const r = timeOfImpact(cube, cube, still, { directional });
      expect(r.mu).toBe(0);
      expect(r.status).toBe('separate');
      expect(r.toi).toBe(1);
      expect(r.iterations).toBe(1);
      expect(r.directionalPairEvaluations).toBe(0);
    }
    const r2 = timeOfImpact2(square, square, {
      a: [pose2(), pose2()],
      b: [pose2(1, [3, 0]), pose2(1, [3, 0])],
    });
    expect([r2.status, r2.toi, r2.iterations, r2.mu]).toEqual(['separate', 1, 1, 0]);
  });

  it('bodies at rest in contact, and coincident bodies: initial contact at 0', () => {
    const touching: Motion3 = {
      a: [identityPose(), identityPose()],
      b: [poseFromAxisAngle([0, 0, 1], 0, [1, 0, 0]), poseFromAxisAngle([0, 0, 1], 0, [1, 0, 0])],
    };
    const r = timeOfImpact(cube, cube, touching);
    expect([r.status, r.toi, r.iterations]).toEqual(['initial-contact', 0, 0]);
    expect(r.distance).toBe(0);
    const same: Motion3 = { a: [identityPose(), identityPose()], b: [identityPose(), identityPose()] };
    const c = timeOfImpact(cube, cube, same);
    expect([c.status, c.toi, c.iterations, c.distance]).toEqual(['initial-contact', 0, 0, 0]);
    const c2 = timeOfImpact2(square, square, { a: [pose2(), pose2()], b: [pose2(), pose2()] });
    expect([c2.status, c2.toi, c2.iterations, c2.distance]).toEqual(['initial-contact', 0, 0, 0]);
  });

  it('a moving body that starts in contact: initial contact, whatever it does next', () => {
    const m: Motion3 = {
      a: [identityPose(), identityPose()],
      b: [poseFromAxisAngle([0, 0, 1], 0, [0.5, 0, 0]), poseFromAxisAngle([0, 0, 1], 3, [9, 0, 0])],
    };
    expect(timeOfImpact(cube, cube, m).status).toBe('initial-contact');
  });

  it('bodies below about 1e-317 across: the default tolerance is the least positive double, not 0 (it was refused)', () => {
    for (const size of [1e-315, 1e-320]) {
      const at = (x: number) => poseFromAxisAngle([0, 0, 1], 0, [x * size, 0, 0]);
      const m: Motion3 = { a: [identityPose(), identityPose()], b: [at(5), at(-5)] };
      const r = timeOfImpact(ball(size), ball(size), m);
      expect(r.tolerance).toBeGreaterThan(0);
      expect(r.status).toBe('contact');
      expect(r.toi).toBeGreaterThan(0.29);
      expect(r.toi).toBeLessThanOrEqual(0.3);
      if (size === 1e-320) expect(r.tolerance).toBe(Number.MIN_VALUE);
    }
  });

  it('the default tolerance is 1e-6 of the larger bounding-box diagonal', () => {
    const small = cuboid(0.1, 0.2, 0.3);
    const large = cuboid(2, 1, 3);
    const r = timeOfImpact(small, large, apart);
    expect(Math.abs(r.tolerance / (1e-6 * Math.hypot(2, 1, 3)) - 1)).toBeLessThan(1e-14);
    const r2 = timeOfImpact2(rectangle(0.5, 0.5), rectangle(3, 4), apart2);
    expect(Math.abs(r2.tolerance / 5e-6 - 1)).toBeLessThan(1e-14);
  });

  it('plain poses from JSON (arrays) are accepted', () => {
    const m = {
      a: [
        { R: [1, 0, 0, 0, 1, 0, 0, 0, 1], t: [0, 0, 0] },
        { R: [1, 0, 0, 0, 1, 0, 0, 0, 1], t: [0, 0, 0] },
      ],
      b: [
        { R: [1, 0, 0, 0, 1, 0, 0, 0, 1], t: [4, 0, 0] },
        { R: [1, 0, 0, 0, 1, 0, 0, 0, 1], t: [-2, 0, 0] },
      ],
    } as const;
    const r = timeOfImpact(cube, cube, m, { tolerance: 1e-6 });
    expect(r.status).toBe('contact');
    expect(r.toi).toBeLessThanOrEqual(0.5);
    expect(r.toi).toBeGreaterThanOrEqual((3 - 1e-6) / 6);
  });
});
