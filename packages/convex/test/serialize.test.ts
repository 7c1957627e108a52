// serialize / deserialize: every kind of shape as plain data and back, equal in every field and so
// in every answer, and hostile data refused with a FirstTouchError (never a crash or a hang).

import { FirstTouchError, pose2, poseFromAxisAngle } from '@firsttouch/pose';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ball,
  ball2,
  CLIMB_FROM,
  capsule,
  capsule2,
  castShape,
  cone,
  convexHull,
  convexPolygon,
  cuboid,
  cuboid2,
  cylinder,
  deserialize,
  pointSet,
  pointSet2,
  rounded,
  SHAPE_DATA_VERSION,
  type Shape,
  type ShapeData,
  serialize,
  shapeDistance,
  shapeDistance2,
  WALK_FROM,
} from '../src/index.js';
import { arbPose, cloud, seeded } from './helpers.js';

function thrown(f: () => unknown): FirstTouchError {
  try {
    f();
  } catch (e) {
    expect(e, String(e)).toBeInstanceOf(FirstTouchError);
    return e as FirstTouchError;
  }
  throw new Error('expected a FirstTouchError, nothing was thrown');
}

/** The first field where two values differ (numbers by Object.is, typed arrays element by element), or ''. */
function difference(got: unknown, want: unknown, path: string): string {
  if (typeof want === 'number') return Object.is(got, want) ? '' : `${path}: ${String(got)} ≠ ${want}`;
  if (ArrayBuffer.isView(want)) {
    const w = want as unknown as ArrayLike<number>;
    const g = got as ArrayLike<number>;
    if (!ArrayBuffer.isView(got) || g.length !== w.length) return `${path}: not the same array`;
    for (let i = 0; i < w.length; i++) if (!Object.is(g[i], w[i])) return `${path}[${i}]: ${g[i]} ≠ ${w[i]}`;
    return '';
  }
  if (typeof want === 'object' && want !== null) {
    if (typeof got !== 'object' || got === null) return `${path}: not an object`;
    const keys = Object.keys(want).sort();
    if (Object.keys(got).sort().join() !== keys.join()) return `${path}: keys ${Object.keys(got)} ≠ ${keys}`;
    for (const k of keys) {
      const d = difference(
        (got as Record<string, unknown>)[k],
        (want as Record<string, unknown>)[k],
        `${path}.${k}`,
      );
      if (d) return d;
    }
    return '';
  }
  return got === want ? '' : `${path}: ${String(got)} ≠ ${String(want)}`;
}

const next = seeded(29);
/** Points on a sphere: all of them hull vertices, enough for supports to climb. */
const bigCloud = cloud(next, 600).map(
  (x, i, a) => x / Math.hypot(a[i - (i % 3)], a[i - (i % 3) + 1], a[i - (i % 3) + 2]),
);
const square = [1, 1, -1, 1, -1, -1, 1, -1, 0.2, 0.1];
const ring = Array.from({ length: 40 }, (_, i) => [Math.cos(i * 0.157), 0.7 * Math.sin(i * 0.157)]).flat();

/** One shape of every kind, the hulls both scanned and climbed. */
function everyShape(): Array<[string, Shape]> {
  return [
    ['ball', ball(0.5)],
    ['cuboid', cuboid(1, 0.5, 0.25)],
    ['capsule', capsule(0.75, 0.2)],
    ['cylinder', cylinder(0.5, 0.3)],
    ['cone', cone(0.5, 0.4)],
    ['convexHull (scanned)', convexHull(cloud(next, 40))],
    ['convexHull (climbed)', convexHull(bigCloud)],
    ['pointSet (scanned)', pointSet([0, 0, 0, 1, 0, 0, 0, 1, 0])],
    ['pointSet (climbed)', pointSet(bigCloud)],
    ['rounded cuboid', rounded(cuboid(1, 0.5, 0.25), 0.1)],
    ['rounded twice, a hull', rounded(rounded(convexHull(bigCloud), 0.05), 0.125)],
    ['ball2', ball2(0.5)],
    ['cuboid2', cuboid2(0.5, 0.25)],
    ['capsule2', capsule2(0.5, 0.125)],
    ['convexPolygon (scanned)', convexPolygon(square)],
    ['convexPolygon (walked)', convexPolygon(ring)],
    ['pointSet2', pointSet2([0, 0, 2, 1])],
    ['pointSet2 (walked)', pointSet2(ring)],
    ['rounded polygon', rounded(convexPolygon(square), 0.3)],
  ];
}

describe('serialize and deserialize shapes', () => {
  it('give back every kind equal in every field, through structured clone', () => {
    const shapes = everyShape();
    expect(shapes.some(([, s]) => s.climb && s.dim === 3 && s.count >= CLIMB_FROM)).toBe(true);
    expect(shapes.some(([, s]) => s.climb && s.dim === 2 && s.count >= WALK_FROM)).toBe(true);
    for (const [what, shape] of shapes) {
      const data = serialize(shape);
      expect(data.kind, what).toBe('shape');
      expect(data.version).toBe(SHAPE_DATA_VERSION);
      expect(data.shape).toBe(shape.kind);
      for (const copy of [deserialize(structuredClone(data)), deserialize(data)]) {
        expect(difference(copy, shape, what), what).toBe('');
        expect(difference(copy.base, shape.base, what), what).toBe('');
        expect(Object.isFrozen(copy)).toBe(true);
      }
    }
  });

  it('send a hull as its built data, in one buffer (shared on request), not rebuilt', () => {
    const hull = convexHull(bigCloud);
    const data = serialize(hull);
    expect(data.points?.length).toBe(hull.points.length);
    expect(data.start?.length).toBe(hull.count + 1);
    expect(data.neighbours?.buffer).toBe(data.points?.buffer);
    expect(data.points).not.toBe(hull.points);
    const shared = serialize(hull, { shared: true });
    expect(shared.points?.buffer).toBeInstanceOf(SharedArrayBuffer);
    const copy = deserialize(structuredClone(shared));
    expect(copy.neighbours.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(serialize(ball(1)).points).toBeUndefined();
  });

  it('answer every distance and cast as the original does, bit for bit', () => {
    const shapes3 = everyShape().filter(([, s]) => s.dim === 3);
    const copies3 = shapes3.map(([, s]) => deserialize(structuredClone(serialize(s))) as Shape<3>);
    const shapes2 = everyShape().filter(([, s]) => s.dim === 2);
    const copies2 = shapes2.map(([, s]) => deserialize(structuredClone(serialize(s))) as Shape<2>);
    fc.assert(
      fc.property(
        fc.nat(shapes3.length - 1),
        fc.nat(shapes3.length - 1),
        arbPose(2),
        arbPose(2),
        (i, j, poseA, poseB) => {
          const a = shapes3[i][1] as Shape<3>;
          const b = shapes3[j][1] as Shape<3>;
          const want = shapeDistance(a, b, { poseA, poseB });
          const got = shapeDistance(copies3[i], copies3[j], { poseA, poseB });
          expect(difference(got, want, 'distance')).toBe('');
          const motion = { a: [poseA, poseA], b: [poseB, { R: poseB.R, t: [0, 0, 0] }] } as const;
          expect(difference(castShape(copies3[i], copies3[j], motion), castShape(a, b, motion), 'cast')).toBe(
            '',
          );
        },
      ),
      { numRuns: 150 },
    );
    fc.assert(
      fc.property(
        fc.nat(shapes2.length - 1),
        fc.nat(shapes2.length - 1),
        fc.double({ min: -4, max: 4, noNaN: true }),
        fc.double({ min: -2, max: 2, noNaN: true }),
        fc.double({ min: -2, max: 2, noNaN: true }),
        (i, j, angle, x, y) => {
          const poseB = pose2(angle, [x, y]);
          const want = shapeDistance2(shapes2[i][1] as Shape<2>, shapes2[j][1] as Shape<2>, { poseB });
          expect(difference(shapeDistance2(copies2[i], copies2[j], { poseB }), want, 'distance2')).toBe('');
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('deserialize refuses data that is not a shape', () => {
  type Mutable<T> = { -readonly [K in keyof T]: T[K] };
  const hullData = () => structuredClone(serialize(convexHull(bigCloud))) as Mutable<ShapeData>;

  it('names the kind, the version, the parameters and the arrays', () => {
    const cases: Array<[unknown, RegExp]> = [
      [null, /data must be an object/],
      [{ ...serialize(ball(1)), kind: 'surface' }, /kind must be "shape", got "surface"/],
      [{ ...serialize(ball(1)), version: 2 }, /data of version 2; this package reads version 1/],
      [
        { ...serialize(ball(1)), shape: 'torus' },
        /shape must be a kind of shape of this package, got "torus"/,
      ],
      [{ ...serialize(ball(1)), params: null }, /params must be an object of numbers/],
      [
        { ...serialize(cuboid(1, 1, 1)), params: { hx: 1, hy: 1 } },
        /params.hz must be a number, got undefined/,
      ],
      [
        { ...serialize(capsule(1, 1)), params: { halfHeight: Number.NaN, radius: 1 } },
        /capsule: halfHeight must be a finite number/,
      ],
      [{ ...serialize(ball(1)), params: { radius: 0 } }, /ball: radius must be positive, got 0/],
      [
        { ...serialize(rounded(ball(1), 0.5)), margin: 1 },
        /margin must be a finite number ≥ the base's margin \+ radius, got 1/,
      ],
      [
        { ...serialize(rounded(ball(1), 0.5)), base: serialize(rounded(ball(1), 0.5)) },
        /base is never rounded/,
      ],
      [
        { ...serialize(rounded(ball(1), 0.5)), base: { kind: 'shape' } },
        /deserialize: base: data of version undefined/,
      ],
      [{ ...hullData(), points: Array.from(bigCloud) }, /points must be a Float64Array, got an array/],
      [{ ...hullData(), climb: 1 }, /climb must be a boolean/],
      [
        { ...hullData(), points: new Float64Array(9) },
        /points has length 9: 3 numbers a point, at least 4 points/,
      ],
      [{ ...hullData(), sources: new Uint32Array(2) }, /sources has length 2, one a point/],
      [
        { ...hullData(), params: { vertices: 3, facets: hullData().params.facets } },
        /params.vertices is 3, the arrays hold \d+/,
      ],
      [
        { ...hullData(), start: new Int32Array(0), neighbours: new Int32Array(0) },
        /climb without an adjacency/,
      ],
      [
        { ...serialize(pointSet2([0, 0, 1, 1])), params: { count: 1, vertices: 2 } },
        /params.count must be an integer ≥ the 2 points/,
      ],
    ];
    for (const [data, message] of cases) {
      const e = thrown(() => deserialize(data));
      expect(e.code, String(message)).toBe('BAD_DATA');
      expect(e.message).toMatch(message);
    }
    const nan = hullData();
    nan.points![7] = Number.POSITIVE_INFINITY;
    expect(thrown(() => deserialize(nan)).message).toBe(
      'deserialize: convexHull: point 2: coordinate y is Infinity',
    );
    const facet = hullData();
    facet.facets![4] = 9999;
    expect(thrown(() => deserialize(facet)).message).toMatch(
      /facet 1: point index 9999 is not in \[0, \d+\)/,
    );
    const start = hullData();
    start.start![3] = start.start![2] - 1;
    expect(thrown(() => deserialize(start)).message).toMatch(/start\[3\] = -?\d+ is below start\[2\]/);
    const neighbour = hullData();
    neighbour.neighbours![5] = -1;
    expect(thrown(() => deserialize(neighbour)).message).toMatch(/neighbours\[5\] = -1 is not a point index/);
  });

  it('reads what an array is, not the tag it wears', () => {
    const tagged = <T extends object>(array: T, tag: string): T =>
      Object.defineProperty(array, Symbol.toStringTag, { value: tag });
    // 64-bit facets threw a TypeError (BigInt in an error message); float32 points were taken as float64
    const big = hullData();
    big.facets = tagged(
      BigUint64Array.from(big.facets!, (x) => BigInt(x)),
      'Uint32Array',
    ) as never;
    expect(thrown(() => deserialize(big)).message).toMatch(/facets must be a Uint32Array, got/);
    const single = hullData();
    single.points = tagged(Float32Array.from(single.points!), 'Float64Array') as never;
    expect(thrown(() => deserialize(single)).message).toMatch(/points must be a Float64Array, got/);
    // an own length that claims more than the array holds is never read
    const long = hullData();
    Object.defineProperty(long.points, 'length', { value: long.points!.length + 30 });
    const shape = deserialize(long) as Shape<3>;
    const original = convexHull(bigCloud);
    const pose = poseFromAxisAngle([0, 0, 1], 0.4, [5, 1, 0]);
    expect(shapeDistance(shape, original, { poseB: pose }).distance).toBe(
      shapeDistance(original, original, { poseB: pose }).distance,
    );
  });

  it('never fails but with a FirstTouchError on random corruption, and what it accepts answers without a crash or a hang', () => {
    const sources: Shape[] = [
      convexHull(bigCloud),
      pointSet(bigCloud),
      convexPolygon(ring),
      rounded(convexHull(cloud(next, 30)), 0.1),
    ];
    const other3 = cuboid(0.2, 0.2, 0.2);
    const other2 = cuboid2(0.2, 0.2);
    fc.assert(
      fc.property(
        fc.nat(sources.length - 1),
        fc.array(fc.tuple(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), fc.nat(255)), {
          minLength: 1,
          maxLength: 6,
        }),
        fc.boolean(),
        fc.double({ min: 0, max: 6, noNaN: true }),
        (which, flips, toggle, angle) => {
          const data = structuredClone(serialize(sources[which])) as Mutable<ShapeData>;
          const arrays = (data.base ?? data) as Mutable<ShapeData>;
          const bytes = new Uint8Array(arrays.points!.buffer);
          for (const [at, value] of flips) bytes[Math.floor(at * bytes.length)] = value;
          if (toggle) arrays.climb = !arrays.climb;
          let shape: Shape;
          try {
            shape = deserialize(data);
          } catch (e) {
            expect(e, String(e)).toBeInstanceOf(FirstTouchError);
            return;
          }
          // accepted: every index in range and every point finite, so queries end (a climb only rises)
          if (shape.dim === 3) {
            const poseB = poseFromAxisAngle([0, 1, 0], angle, [3, 0.1, 0]);
            expect(Number.isFinite(shapeDistance(shape as Shape<3>, other3, { poseB }).distance)).toBe(true);
          } else {
            const poseB = pose2(angle, [3, 0.1]);
            expect(Number.isFinite(shapeDistance2(shape as Shape<2>, other2, { poseB }).distance)).toBe(true);
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});
