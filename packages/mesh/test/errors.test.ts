// Bad input: every path that must throw a FirstTouchError, with its code and a message that says
// where (facet, segment, vertex, chain, argument). Degenerate geometry is not bad input.

import { ball, ball2 } from '@firsttouch/convex';
import { FirstTouchError, identityPose, pose2 } from '@firsttouch/pose';
import { describe, expect, it } from 'vitest';
import {
  box,
  CompoundPair,
  CompoundPair2,
  ConvexCurvePair,
  ConvexSurfacePair,
  Curve,
  CurvePair,
  CurveShapePair,
  compound,
  curveDistance,
  cylinder,
  disc,
  icosphere,
  naca4,
  naca4Section,
  pointSet,
  rectangle,
  rssOf,
  Surface,
  SurfacePair,
  SurfaceShapePair,
  surfaceDistance,
} from '../src/index.js';

function thrown(f: () => unknown): FirstTouchError {
  try {
    f();
  } catch (e) {
    expect(e, String(e)).toBeInstanceOf(FirstTouchError);
    expect((e as Error).name).toBe('FirstTouchError');
    return e as FirstTouchError;
  }
  throw new Error('expected a FirstTouchError, nothing was thrown');
}

function codeOf(f: () => unknown): string {
  return thrown(f).code;
}

function messageOf(f: () => unknown): string {
  return thrown(f).message;
}

const tri = [0, 0, 0, 1, 0, 0, 0, 1, 0];
const cube = box(1);
const ring = disc(1, 8);
const bad = (x: unknown) => x as never;

describe('Surface.fromTriangles', () => {
  it('BAD_LENGTH for a length that is not a multiple of 9, or no array', () => {
    expect(codeOf(() => Surface.fromTriangles([...tri, 1]))).toBe('BAD_LENGTH');
    expect(messageOf(() => Surface.fromTriangles([...tri, 1]))).toMatch(/10/);
    for (const x of [null, undefined, 'abcdefghi', 9, {}]) {
      expect(codeOf(() => Surface.fromTriangles(bad(x)))).toBe('BAD_LENGTH');
    }
  });

  it('NON_FINITE naming the facet of a NaN, infinite or non-numeric coordinate', () => {
    for (const x of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 'x', undefined]) {
      const xyz: unknown[] = [...tri, ...tri, ...tri];
      xyz[2 * 9 + 3 + 2] = x; // facet 2, vertex 1, z
      expect(codeOf(() => Surface.fromTriangles(bad(xyz)))).toBe('NON_FINITE');
      expect(messageOf(() => Surface.fromTriangles(bad(xyz)))).toMatch(/facet 2\b/);
    }
  });
});

describe('Surface.fromIndexed', () => {
  it('BAD_LENGTH for positions or indices whose length is not a multiple of 3, or no arrays', () => {
    expect(codeOf(() => Surface.fromIndexed([0, 0, 0, 1], [0, 0, 0]))).toBe('BAD_LENGTH');
    expect(codeOf(() => Surface.fromIndexed(tri, [0, 1]))).toBe('BAD_LENGTH');
    expect(messageOf(() => Surface.fromIndexed(tri, [0, 1]))).toMatch(/indices/);
    expect(codeOf(() => Surface.fromIndexed(bad(null), [0, 1, 2]))).toBe('BAD_LENGTH');
    expect(codeOf(() => Surface.fromIndexed(tri, bad('012')))).toBe('BAD_LENGTH');
  });

  it('INDEX_RANGE naming the facet of an index that is not an integer in [0, vertexCount)', () => {
    for (const i of [-1, 3, 1.5, Number.NaN, 2 ** 32, '1', null]) {
      const f = () => Surface.fromIndexed(tri, bad([0, 1, 2, 0, i, 2]));
      expect(codeOf(f)).toBe('INDEX_RANGE');
      expect(messageOf(f)).toMatch(/facet 1\b/);
    }
  });

  it('NON_FINITE naming the vertex of a NaN or infinite coordinate', () => {
    const f = () => Surface.fromIndexed([0, 0, 0, 1, 0, 0, 0, Number.NaN, 0], [0, 1, 2]);
    expect(codeOf(f)).toBe('NON_FINITE');
    expect(messageOf(f)).toMatch(/vertex 2\b/);
    expect(
      codeOf(() => Surface.fromIndexed([0, 0, 0, 1, 0, 0, 0, 0, Number.NEGATIVE_INFINITY], [0, 1, 2])),
    ).toBe('NON_FINITE');
  });

  it('a NaN coordinate is reported with a facet that uses it', () => {
    // Regression (fixed): (wording) the requirement is "NaN or infinite coordinates → FirstTouchError naming the
    // facet or segment"; fromIndexed names only the vertex ("vertex 3: coordinate y is NaN"), not
    // facet 1 that uses it. (fromTriangles names the facet.)
    const f = () => Surface.fromIndexed([0, 0, 0, 1, 0, 0, 0, 1, 0, 5, Number.NaN, 5], [0, 1, 2, 0, 1, 3]);
    expect(messageOf(f)).toMatch(/facet 1\b/);
  });
});

describe('Surface methods', () => {
  it('facet(i): INDEX_RANGE', () => {
    for (const i of [-1, 12, 1.5, Number.NaN]) expect(codeOf(() => cube.facet(i))).toBe('INDEX_RANGE');
  });

  it('translate, rotate, scale: bad vectors, axes, angles, factors', () => {
    expect(codeOf(() => cube.translate([1, 2]))).toBe('BAD_LENGTH');
    expect(codeOf(() => cube.translate([1, 2, Number.NaN]))).toBe('NON_FINITE');
    expect(codeOf(() => cube.rotate([0, 0, 0], 1))).toBe('INVALID_POSE');
    expect(codeOf(() => cube.rotate([1, 0, 0], Number.POSITIVE_INFINITY))).toBe('INVALID_POSE');
    expect(codeOf(() => cube.scale(Number.NaN))).toBe('NON_FINITE');
    expect(codeOf(() => cube.scale(1, 1, Number.POSITIVE_INFINITY))).toBe('NON_FINITE');
    // finite arguments whose result leaves float64's range: +∞ coordinates, which the surface
    // queries then answered with (and writers wrote), where fromTriangles refuses them
    expect(messageOf(() => cube.scale(1e300).scale(1e10))).toMatch(/^scale: the scaled surface: point 0/);
    expect(codeOf(() => cube.translate([1e308, 0, 0]).translate([1e308, 0, 0]))).toBe('NON_FINITE');
    // (a vertex at (s, s) turned by π/4 lands at (0, s√2): past float64 for s = 1.7e308)
    const tri = Surface.fromTriangles([0, 0, 0, 1, 1, 0, 0, 1, 0]);
    expect(codeOf(() => tri.scale(1.7e308).rotate([0, 0, 1], Math.PI / 4))).toBe('NON_FINITE');
    const line = Curve.fromPolyline([0, 1], [0, 1]);
    expect(codeOf(() => line.scale(1e300).scale(1e10))).toBe('NON_FINITE');
    expect(codeOf(() => line.translate([1.7e308, 0]).translate([1.7e308, 0]))).toBe('NON_FINITE');
    expect(codeOf(() => line.scale(1.7e308).rotate(Math.PI / 4))).toBe('NON_FINITE');
  });

  it('surfaceDistance: poses farther apart than float64 holds are INVALID_POSE (the gap came back +∞, its points NaN)', () => {
    const at = (x: number) => ({ R: [1, 0, 0, 0, 1, 0, 0, 0, 1], t: [x, 0, 0] });
    expect(messageOf(() => surfaceDistance(cube, cube, { poseA: at(1e308), poseB: at(-1e308) }))).toMatch(
      /^surfaceDistance: poseA and poseB lie farther apart than float64 holds/,
    );
    expect(surfaceDistance(cube, cube, { poseA: at(0), poseB: at(1e308) }).distance).toBeCloseTo(1e308, -295);
    // and curveDistance in the plane (it answered +∞)
    const line = Curve.fromPolyline([0, 1, 1], [0, 0, 1]);
    expect(
      messageOf(() =>
        curveDistance(line, line, { poseA: pose2(0, [1e308, 0]), poseB: pose2(0, [-1e308, 0]) }),
      ),
    ).toMatch(/^curveDistance: poseA and poseB lie farther apart than float64 holds/);
  });

  it('EMPTY: a surface without facets can be built, but not bounded, treed or queried', () => {
    for (const empty of [Surface.fromTriangles([]), Surface.fromIndexed([0, 0, 0], [])]) {
      expect(empty.facetCount).toBe(0);
      expect(codeOf(() => empty.bounds())).toBe('EMPTY');
      expect(codeOf(() => empty.tree())).toBe('EMPTY');
      expect(codeOf(() => surfaceDistance(empty, cube))).toBe('EMPTY');
      expect(codeOf(() => surfaceDistance(cube, empty))).toBe('EMPTY');
      expect(codeOf(() => new SurfacePair(cube, empty))).toBe('EMPTY');
      expect(messageOf(() => surfaceDistance(cube, empty))).toMatch(/B/);
    }
  });
});

describe('surfaceDistance options', () => {
  it('INVALID_OPTION for bodies that are not surfaces', () => {
    expect(codeOf(() => surfaceDistance(bad({}), cube))).toBe('INVALID_OPTION');
    expect(codeOf(() => surfaceDistance(cube, bad(ring)))).toBe('INVALID_OPTION');
  });

  it('INVALID_OPTION for maxDistance negative, NaN or not a number', () => {
    for (const m of [-1, -Number.MIN_VALUE, Number.NaN, Number.NEGATIVE_INFINITY, '1', {}]) {
      expect(codeOf(() => surfaceDistance(cube, cube, { maxDistance: bad(m) }))).toBe('INVALID_OPTION');
    }
    expect(messageOf(() => surfaceDistance(cube, cube, { maxDistance: -1 }))).toMatch(/maxDistance/);
    expect(surfaceDistance(cube, cube, { maxDistance: Number.POSITIVE_INFINITY }).beyond).toBe(false);
  });

  it('INVALID_OPTION for a hint that is not a facet pair of the two surfaces', () => {
    for (const h of [[-1, 0], [12, 0], [0, 12], [0.5, 0], [0], ['0', 0], [Number.NaN, 0]]) {
      expect(codeOf(() => surfaceDistance(cube, cube, { hint: bad(h) }))).toBe('INVALID_OPTION');
      expect(messageOf(() => surfaceDistance(cube, cube, { hint: bad(h) }))).toMatch(/hint/);
    }
  });

  it('INVALID_OPTION for a hint that is not an array at all', () => {
    // Regression (fixed): `const [ha, hb] = options.hint` throws a TypeError ("number 5 is not iterable", "object
    // null is not iterable") before any validation: bad input crashes instead of a FirstTouchError.
    for (const h of [5, null, {}]) {
      expect(codeOf(() => surfaceDistance(cube, cube, { hint: bad(h) }))).toBe('INVALID_OPTION');
    }
  });

  it('options that are not an object', () => {
    // Regression (fixed): surfaceDistance(a, b, null) reads `null.poseA`: a TypeError, not a FirstTouchError.
    expect(codeOf(() => surfaceDistance(cube, cube, bad(null)))).toBe('INVALID_OPTION');
  });

  it('INVALID_POSE naming the pose: malformed, not orthonormal, a reflection, non-finite', () => {
    const I = identityPose();
    const poses = [
      'x',
      { R: [1, 0, 0, 0, 1, 0, 0, 0], t: [0, 0, 0] },
      { R: [1, 1e-6, 0, 0, 1, 0, 0, 0, 1], t: [0, 0, 0] },
      { R: [-1, 0, 0, 0, 1, 0, 0, 0, 1], t: [0, 0, 0] },
      { R: [1, 0, 0, 0, 1, 0, 0, 0, 1], t: [0, Number.NaN, 0] },
      { R: [1, 0, 0, 0, 1, 0, 0, 0, 1], t: [0, 0] },
      { R: I.R },
    ];
    for (const p of poses) {
      expect(codeOf(() => surfaceDistance(cube, cube, { poseA: bad(p) }))).toBe('INVALID_POSE');
      expect(messageOf(() => surfaceDistance(cube, cube, { poseA: bad(p) }))).toMatch(/poseA/);
      expect(codeOf(() => surfaceDistance(cube, cube, { poseB: bad(p) }))).toBe('INVALID_POSE');
      expect(messageOf(() => surfaceDistance(cube, cube, { poseB: bad(p) }))).toMatch(/poseB/);
    }
  });
});

describe('Curve construction', () => {
  it('BAD_LENGTH: u and v of different lengths, sizes that do not add up or are not positive integers', () => {
    expect(codeOf(() => Curve.fromLoops([0, 1, 2], [0, 1], [3]))).toBe('BAD_LENGTH');
    expect(codeOf(() => Curve.fromLoops([0, 1, 2], [0, 1, 2], [2]))).toBe('BAD_LENGTH');
    expect(codeOf(() => Curve.fromLoops([0, 1, 2], [0, 1, 2], [4]))).toBe('BAD_LENGTH');
    for (const s of [0, -1, 1.5, Number.NaN, '2']) {
      const f = () => Curve.fromLoops([0, 1, 2], [0, 1, 2], bad([1, s]));
      expect(codeOf(f)).toBe('BAD_LENGTH');
      expect(messageOf(f)).toMatch(/chain 1\b/);
    }
    expect(codeOf(() => Curve.fromLoops(bad(null), [0], [1]))).toBe('BAD_LENGTH');
  });

  it('BAD_LENGTH: sizes and closed of different lengths; an open chain of one vertex', () => {
    expect(codeOf(() => Curve.fromChains([0, 1], [0, 0], [2], [false, true]))).toBe('BAD_LENGTH');
    expect(codeOf(() => Curve.fromChains([0, 1, 2], [0, 0, 0], [2, 1], [true, false]))).toBe('BAD_LENGTH');
    expect(messageOf(() => Curve.fromChains([0, 1, 2], [0, 0, 0], [2, 1], [true, false]))).toMatch(
      /chain 1\b/,
    );
    expect(codeOf(() => Curve.fromPolyline([0], [0]))).toBe('BAD_LENGTH');
    expect(codeOf(() => Curve.fromPolyline([0, 1], [0]))).toBe('BAD_LENGTH');
  });

  it('NON_FINITE naming the vertex of a NaN, infinite or non-numeric coordinate', () => {
    for (const x of [Number.NaN, Number.POSITIVE_INFINITY, 'x', undefined]) {
      const f = () => Curve.fromLoops(bad([0, 1, x, 0]), [0, 0, 1, 1], [4]);
      expect(codeOf(f)).toBe('NON_FINITE');
      expect(messageOf(f)).toMatch(/vertex 2\b/);
      expect(codeOf(() => Curve.fromPolyline([0, 1], bad([0, x])))).toBe('NON_FINITE');
    }
  });

  it('a NaN coordinate is reported with a segment that uses it', () => {
    // Regression (fixed): (wording) the requirement is "NaN or infinite coordinates → FirstTouchError naming the
    // facet or segment"; the curve constructors name only the vertex ("vertex 2: (NaN, 1) ...").
    const f = () => Curve.fromLoops([0, 1, Number.NaN, 0], [0, 0, 1, 1], [4]);
    expect(messageOf(f)).toMatch(/segment [12]\b/);
  });

  it('segment(i), translate, rotate, scale: bad arguments', () => {
    for (const i of [-1, 8, 0.5]) expect(codeOf(() => ring.segment(i))).toBe('INDEX_RANGE');
    expect(codeOf(() => ring.translate([1]))).toBe('BAD_LENGTH');
    expect(codeOf(() => ring.translate([1, Number.NaN]))).toBe('NON_FINITE');
    expect(codeOf(() => ring.rotate(Number.NaN))).toBe('NON_FINITE');
    expect(codeOf(() => ring.scale(1, Number.POSITIVE_INFINITY))).toBe('NON_FINITE');
  });

  it('EMPTY: a curve without segments can be built, but not bounded, treed or queried', () => {
    const empty = Curve.fromChains([], [], [], []);
    expect(empty.segmentCount).toBe(0);
    expect(codeOf(() => empty.bounds())).toBe('EMPTY');
    expect(codeOf(() => empty.tree())).toBe('EMPTY');
    expect(codeOf(() => curveDistance(empty, ring))).toBe('EMPTY');
    expect(codeOf(() => curveDistance(ring, empty))).toBe('EMPTY');
    expect(codeOf(() => new CurvePair(empty, ring))).toBe('EMPTY');
  });
});

describe('curveDistance options', () => {
  it('INVALID_OPTION: not curves, bad maxDistance, bad hint', () => {
    expect(codeOf(() => curveDistance(bad(cube), ring))).toBe('INVALID_OPTION');
    for (const m of [-1, Number.NaN, '0']) {
      expect(codeOf(() => curveDistance(ring, ring, { maxDistance: bad(m) }))).toBe('INVALID_OPTION');
    }
    for (const h of [[-1, 0], [8, 0], [0, 8], [0.5, 0], [0]]) {
      expect(codeOf(() => curveDistance(ring, ring, { hint: bad(h) }))).toBe('INVALID_OPTION');
    }
  });

  it('INVALID_OPTION for a hint that is not an array, and for options that are not an object', () => {
    // Regression (fixed): as in 3-D, a TypeError ("number 5 is not iterable", "Cannot read properties of null").
    expect(codeOf(() => curveDistance(ring, ring, { hint: bad(5) }))).toBe('INVALID_OPTION');
    expect(codeOf(() => curveDistance(ring, ring, bad(null)))).toBe('INVALID_OPTION');
  });

  it('INVALID_POSE naming the pose', () => {
    for (const p of [
      'x',
      { angle: Number.NaN, t: [0, 0] },
      { angle: 0, t: [0, 0, 0] },
      { angle: 0, t: [0, Number.NaN] },
      { t: [0, 0] },
    ]) {
      expect(codeOf(() => curveDistance(ring, ring, { poseA: bad(p) }))).toBe('INVALID_POSE');
      expect(messageOf(() => curveDistance(ring, ring, { poseB: bad(p) }))).toMatch(/poseB/);
    }
  });
});

describe('shapes reject bad parameters with INVALID_OPTION', () => {
  it('box, icosphere, cylinder, disc, rectangle, naca4', () => {
    const calls: (() => unknown)[] = [
      () => box(0),
      () => box(-1),
      () => box(Number.NaN),
      () => box([1, 2]),
      () => box([1, 0, 1]),
      () => box(1, 0),
      () => box(1, 1.5),
      () => box(1, 1001),
      () => icosphere(0),
      () => icosphere(Number.POSITIVE_INFINITY),
      () => icosphere(1, -1),
      () => icosphere(1, 9),
      () => icosphere(1, 0.5),
      () => cylinder(0),
      () => cylinder(1, -1),
      () => cylinder(1, 1, 2),
      () => cylinder(1, 1, 3.5),
      () => disc(0),
      () => disc(1, 2),
      () => disc(1, 4.5),
      () => rectangle(0, 1),
      () => rectangle(1, Number.NaN),
      () => naca4('12'),
      () => naca4('00x2'),
      () => naca4('0012', 0),
      () => naca4('0012', 1, 0),
      () => naca4('0012', 1, 1, 3),
      () => naca4Section('0012', 1, 3),
      () => naca4Section(bad(12), 1, 10),
    ];
    for (const f of calls) expect(codeOf(f), f.toString()).toBe('INVALID_OPTION');
  });

  it('pointSet: a count that is not an integer from 1 to 2²⁴; its shape is no part of a compound', () => {
    for (const count of [0, -1, 1.5, Number.NaN, 2 ** 24 + 1, 1e12, '3', null]) {
      const e = thrown(() => pointSet(count as number));
      expect(e.code).toBe('INVALID_OPTION');
      expect(e.message).toMatch(/pointSet: count must be an integer/);
    }
    const triangle = pointSet(3);
    triangle.points.set([0, 0, 0, 1, 0, 0, 0, 1, 0]);
    triangle.reach = 1;
    const e = thrown(() => compound([{ body: triangle.shape, pose: identityPose() }]));
    expect(e.code).toBe('INVALID_OPTION');
    expect(e.message).toMatch(/parts\[0\]\.body .*rewritten in place/);
  });
});

describe('degenerate geometry is valid input', () => {
  it('zero-area and duplicated facets, zero-length segments: finite distances, no error', () => {
    const soup = Surface.fromTriangles([
      ...tri,
      ...tri,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      1,
      0,
      0,
      2,
      0,
      0,
    ]);
    const r = surfaceDistance(soup, soup, { poseB: { R: identityPose().R, t: [0, 0, 3] } });
    expect(r.distance).toBe(3);
    expect(Number.isFinite(r.pointA[0]) && Number.isFinite(r.pointB[2])).toBe(true);
    const curve = Curve.fromChains([0, 0, 1, 5], [0, 0, 0, 5], [3, 1], [false, true]);
    const c = curveDistance(curve, curve, { poseB: pose2(0, [0, 2]) });
    expect(c.distance).toBe(2);
    expect(Number.isFinite(c.pointA[0])).toBe(true);
  });
});

describe('the shape generators on values of any type', () => {
  // A symbol, a BigInt, null or an object without a prototype reached a comparison or a message's
  // template and came out as a TypeError ("Cannot convert a Symbol value to a number").
  const odd: unknown[] = [Symbol('s'), 7n, null, Object.create(null), 'abc', [1], Number.NaN, -1];
  const calls: [string, (x: never) => unknown][] = [
    ['box(x)', (x) => box(x)],
    ['box([1, x, 1])', (x) => box([1, x, 1] as never)],
    ['box(1, x)', (x) => box(1, x)],
    ['cylinder(x)', (x) => cylinder(x)],
    ['cylinder(1, x)', (x) => cylinder(1, x)],
    ['cylinder(1, 1, x)', (x) => cylinder(1, 1, x)],
    ['icosphere(x)', (x) => icosphere(x)],
    ['icosphere(1, x)', (x) => icosphere(1, x)],
    ['disc(x)', (x) => disc(x)],
    ['disc(1, x)', (x) => disc(1, x)],
    ['rectangle(x, 1)', (x) => rectangle(x, 1)],
    ['rectangle(1, x)', (x) => rectangle(1, x)],
    ['naca4("0012", x)', (x) => naca4('0012', x)],
    ['naca4("0012", 1, x)', (x) => naca4('0012', 1, x)],
    ['naca4("0012", 1, 1, x)', (x) => naca4('0012', 1, 1, x)],
  ];
  for (const [name, call] of calls) {
    it(`${name}: INVALID_OPTION, whatever x is`, () => {
      for (const x of odd) {
        let error: unknown;
        try {
          call(x as never);
        } catch (e) {
          error = e;
        }
        expect(error, `${name} with ${typeof x}`).toBeInstanceOf(FirstTouchError);
        expect((error as FirstTouchError).code).toBe('INVALID_OPTION');
      }
    });
  }
});

// The pair classes are exported, and their bindings trusted their arguments: `new SurfacePair(null,
// …)` threw a raw TypeError, and a CurvePair took two surfaces, to throw one at its first evaluation.
describe('the pairs refuse what is not their bodies', () => {
  const R = new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, 1]);
  const far = new Float64Array([3, 0, 0]);
  const cases: [string, () => unknown, RegExp][] = [
    [
      'SurfacePair',
      () => new SurfacePair(null as never, box(1)),
      /distance \(body A\) must be a Surface, got null/,
    ],
    [
      'SurfacePair.rebind',
      () => new SurfacePair(box(1), box(1)).rebind(box(1), disc(1, 8) as never),
      /distance \(body B\) must be a Surface, got a Curve/,
    ],
    [
      'ConvexSurfacePair',
      () => new ConvexSurfacePair(box(1), {} as never),
      /distance \(body B\) must be a Surface/,
    ],
    [
      'CurvePair',
      () => new CurvePair(box(1) as never, disc(1, 8)),
      /distance \(curve A\) must be a Curve, got a Surface/,
    ],
    [
      'ConvexCurvePair',
      () => new ConvexCurvePair(disc(1, 8), 5 as never),
      /distance \(curve B\) must be a Curve, got 5/,
    ],
    [
      'SurfaceShapePair',
      () => new SurfaceShapePair(box(1), ball2(1) as never),
      /distance \(shape\) must be a 3-D convex shape, got a 2-D shape/,
    ],
    [
      'SurfaceShapePair (surface)',
      () => new SurfaceShapePair(ball(1) as never, ball(1)),
      /distance \(surface\) must be a Surface, got a 3-D shape/,
    ],
    [
      'CurveShapePair',
      () => new CurveShapePair(disc(1, 8), ball(1) as never),
      /distance \(shape\) must be a 2-D convex shape, got a 3-D shape/,
    ],
    [
      'CompoundPair',
      () => new CompoundPair(box(1), disc(1, 8) as never),
      /compound pair \(body B\) must be a Surface, a 3-D shape or a Compound, got a Curve/,
    ],
    [
      'CompoundPair2',
      () => new CompoundPair2(undefined as never, box(1) as never).bind(null as never, disc(1, 8)),
      /compound pair \(body A\) must be a Curve, a 2-D shape or a Compound2, got null/,
    ],
    ['rssOf', () => rssOf(disc(1, 8) as never), /rssOf must be a Surface, got a Curve/],
  ];
  for (const [name, f, message] of cases) {
    it(name, () => {
      const e = thrown(f);
      expect(e.code).toBe('INVALID_OPTION');
      expect(e.message).toMatch(message);
    });
  }

  it('an empty surface or curve is EMPTY in every pair, as before', () => {
    const empty = Surface.fromIndexed([0, 0, 0], []);
    expect(thrown(() => new SurfacePair(box(1), empty)).code).toBe('EMPTY');
    expect(thrown(() => new SurfaceShapePair(empty, ball(1))).code).toBe('EMPTY');
    expect(thrown(() => new CompoundPair(empty, ball(1))).code).toBe('EMPTY');
  });

  it('the bodies they take still measure (the checks move no answer)', () => {
    expect(new SurfacePair(box(1), box(1)).evaluate(R, far)).toBe(2);
    expect(new CompoundPair(box(1), ball(0.5)).evaluate(R, far)).toBeCloseTo(2, 12);
  });
});
