// serialize / deserialize: a body and its tree as plain typed arrays and back, equal in every
// answer, and hostile data refused with a FirstTouchError (never a crash, a hang or a wrong tree).

import {
  ball,
  ball2,
  capsule,
  capsule2,
  convexHull,
  convexPolygon,
  cuboid,
  cuboid2,
  rounded,
  type Shape,
  serialize as serializeShape,
} from '@firsttouch/convex';
import { FirstTouchError, identityPose, pose2, poseFromAxisAngle } from '@firsttouch/pose';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  box,
  Compound,
  Compound2,
  type Compound2Data,
  type CompoundData,
  CompoundPair,
  CompoundPair2,
  type CompoundPart,
  type CompoundPart2,
  Curve,
  type CurveData,
  compound,
  compound2,
  curveDistance,
  DATA_VERSION,
  deserialize,
  disc,
  icosphere,
  naca4Section,
  Surface,
  type SurfaceData,
  serialize,
  surfaceDistance,
} from '../src/index.js';
import { rng } from './helpers.js';
import { unitBunny } from './unit-bunny.js';

function thrown(f: () => unknown): FirstTouchError {
  try {
    f();
  } catch (e) {
    expect(e, String(e)).toBeInstanceOf(FirstTouchError);
    return e as FirstTouchError;
  }
  throw new Error('expected a FirstTouchError, nothing was thrown');
}

/** A deep copy whose typed arrays are separate (structuredClone keeps views of one buffer together). */
function copyOf<T>(data: T): T {
  return structuredClone(data);
}

/** Two views of the same memory (the body reads the data in place, through views of its own). */
function sameMemory(a: ArrayBufferView, b: ArrayBufferView): boolean {
  return a.buffer === b.buffer && a.byteOffset === b.byteOffset && a.byteLength === b.byteLength;
}

/** Every field of two distance results equal, bit for bit. */
function sameFields(a: object, b: object): void {
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  expect(Object.keys(x).sort()).toEqual(Object.keys(y).sort());
  for (const k of Object.keys(x)) {
    const u = x[k];
    const v = y[k];
    if (ArrayBuffer.isView(u)) {
      const ua = Array.from(u as Float64Array);
      const va = Array.from(v as Float64Array);
      expect(ua.length).toBe(va.length);
      for (let i = 0; i < ua.length; i++) expect(Object.is(ua[i], va[i]), `${k}[${i}]`).toBe(true);
    } else expect(Object.is(u, v), `${k}: ${String(u)} / ${String(v)}`).toBe(true);
  }
}

describe('serialize and deserialize', () => {
  it('give back a surface with the same arrays and its tree, not rebuilt', () => {
    const s = unitBunny();
    const data = serialize(s) as SurfaceData;
    expect(data.kind).toBe('surface');
    expect(data.version).toBe(DATA_VERSION);
    // one buffer for all arrays, and copies: the body keeps its own arrays
    expect(data.indices.buffer).toBe(data.positions.buffer);
    expect(data.tree?.order.buffer).toBe(data.positions.buffer);
    expect(data.positions).not.toBe(s.positions);
    const t = deserialize(copyOf(data)) as Surface;
    expect(Surface.isSurface(t)).toBe(true);
    expect(Array.from(t.positions)).toEqual(Array.from(s.positions));
    expect(Array.from(t.indices)).toEqual(Array.from(s.indices));
    const a = s.tree();
    const b = t.tree();
    expect(b.nodeCount).toBe(a.nodeCount);
    expect(Array.from(b.boxes)).toEqual(Array.from(a.boxes));
    expect(Array.from(b.child)).toEqual(Array.from(a.child));
    expect(Array.from(b.count)).toEqual(Array.from(a.count));
    expect(Array.from(b.order)).toEqual(Array.from(a.order));
    // the data's own memory, adopted (read through new views of it)
    const adopted = deserialize(data) as Surface;
    expect(sameMemory(adopted.tree().boxes, data.tree!.boxes)).toBe(true);
    expect(sameMemory(adopted.positions, data.positions)).toBe(true);
  });

  it('give back a curve of open and closed chains with its tree', () => {
    const c = Curve.fromChains(
      [0, 1, 5, 6, 6, 2, 3, 2],
      [0, 0, 0, 0, 1, 4, 4, 5],
      [2, 3, 3],
      [false, true, true],
    );
    const data = serialize(c) as CurveData;
    expect(Array.from(data.sizes)).toEqual([2, 3, 3]);
    expect(Array.from(data.closed)).toEqual([0, 1, 1]);
    const d = deserialize(copyOf(data)) as Curve;
    expect(Curve.isCurve(d)).toBe(true);
    expect(d.loops).toEqual(c.loops);
    expect(Array.from(d.indices)).toEqual(Array.from(c.indices));
    expect(Array.from(d.tree().boxes)).toEqual(Array.from(c.tree().boxes));
    expect(sameMemory((deserialize(data) as Curve).tree().boxes, data.tree!.boxes)).toBe(true);
  });

  it('send no tree whose float32 boxes overflowed (coordinates past 3.4e38): the reader builds one', () => {
    // (the reader refuses a box that is not finite: a surface at 1e270 did not come back at all)
    const far = Surface.fromTriangles([1e270, 0, 0, 1.5e270, 1, 0, 1e270, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0]);
    const data = serialize(far) as SurfaceData;
    expect(data.tree).toBe(null);
    const back = deserialize(structuredClone(data)) as Surface;
    expect(Array.from(back.positions)).toEqual(Array.from(far.positions));
    expect(surfaceDistance(back, box(1)).distance).toBe(surfaceDistance(far, box(1)).distance);
    const line = Curve.fromPolyline([0, 1e300], [0, 1e300]);
    expect((serialize(line) as CurveData).tree).toBe(null);
    expect((deserialize(serialize(line)) as Curve).segmentCount).toBe(1);
  });

  it('keep bodies without elements (no tree)', () => {
    const empty = Surface.fromTriangles([]);
    const data = serialize(empty) as SurfaceData;
    expect(data.tree).toBeNull();
    expect((deserialize(data) as Surface).facetCount).toBe(0);
    const none = Curve.fromChains([], [], [], []);
    expect((deserialize(serialize(none)) as Curve).segmentCount).toBe(0);
  });

  it('with {shared: true} put the arrays in one SharedArrayBuffer, read in place', () => {
    const data = serialize(icosphere(1, 2), { shared: true }) as SurfaceData;
    expect(data.positions.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(data.tree?.boxes.buffer).toBe(data.positions.buffer);
    const s = deserialize(structuredClone(data)) as Surface;
    expect(s.positions.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(s.tree().elementCount).toBe(320);
  });

  it('send a surface built in shared memory as its own arrays, tree included: nothing copied', () => {
    const ball = icosphere(0.5, 3);
    const s = Surface.fromIndexed(ball.positions, ball.indices, { shared: true });
    expect(s.positions.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(s.indices.buffer).toBe(s.positions.buffer);
    const tree = s.tree();
    expect(tree.boxes.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(tree.order.buffer).toBe(tree.boxes.buffer);
    const data = serialize(s) as SurfaceData;
    expect(data.positions).toBe(s.positions);
    expect(data.indices).toBe(s.indices);
    expect(data.tree?.boxes).toBe(tree.boxes);
    expect(data.tree?.order).toBe(tree.order);
    // {shared: false} still gives a transferable copy
    const copy = serialize(s, { shared: false }) as SurfaceData;
    expect(copy.positions.buffer).toBeInstanceOf(ArrayBuffer);
    expect(copy.positions).not.toBe(s.positions);
    // the same tree as a build in ordinary memory, and the same answers, bit for bit
    expect(Array.from(tree.boxes)).toEqual(Array.from(ball.tree().boxes));
    expect(Array.from(tree.order)).toEqual(Array.from(ball.tree().order));
    const back = deserialize(structuredClone(data)) as Surface;
    expect(back.positions.buffer).toBeInstanceOf(SharedArrayBuffer);
    const soup = Surface.fromTriangles(Array.from({ length: 20 }, (_, i) => [...ball.facet(i)]).flat(), {
      shared: true,
    });
    expect(soup.positions.buffer).toBeInstanceOf(SharedArrayBuffer);
    const other = box(0.2, 1);
    for (let k = 0; k < 20; k++) {
      const poseB = poseFromAxisAngle([1, k, 2], k, [0.3 + 0.05 * k, 0.1, -0.2]);
      sameFields(surfaceDistance(ball, other, { poseB }), surfaceDistance(back, other, { poseB }));
    }
    // a tree of an ordinary surface built in shared memory on request, and its surface's arrays copied
    const plain = icosphere(0.5, 2);
    expect(plain.tree({ shared: true }).boxes.buffer).toBeInstanceOf(SharedArrayBuffer);
    const mixed = serialize(plain, { shared: true }) as SurfaceData;
    expect(mixed.tree?.boxes).toBe(plain.tree().boxes);
    expect(mixed.positions).not.toBe(plain.positions);
    expect(mixed.positions.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(thrown(() => Surface.fromIndexed([], [], { shared: 1 as never })).code).toBe('INVALID_OPTION');
    expect(thrown(() => icosphere(1, 1).tree({ shared: 'yes' as never })).code).toBe('INVALID_OPTION');
  });

  it('answer every distance as the original does, bit for bit (random poses)', () => {
    const bunny = unitBunny();
    const ball = icosphere(0.3, 2);
    const bunny2 = deserialize(copyOf(serialize(bunny))) as Surface;
    const ball2 = deserialize(copyOf(serialize(ball, { shared: true }))) as Surface;
    // a wing section's outline, one loop
    const { upper, lower } = naca4Section('2412', 1, 40);
    const outline = [...upper, ...lower.slice(1, -1).reverse()];
    const wing = Curve.fromLoops(
      outline.map((p) => p[0]),
      outline.map((p) => p[1]),
      [outline.length],
    );
    const wing2 = deserialize(copyOf(serialize(wing))) as Curve;
    const round = disc(0.2, 24);
    const round2 = deserialize(copyOf(serialize(round))) as Curve;
    fc.assert(
      fc.property(
        fc.tuple(fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true })),
        fc.double({ min: 0, max: 6, noNaN: true }),
        fc.double({ min: 0, max: 1.2, noNaN: true }),
        ([u, v], angle, r) => {
          const poseB = poseFromAxisAngle([u, v, 1], angle, [r * u, r * v, r * (1 - Math.abs(u))]);
          sameFields(surfaceDistance(bunny, ball, { poseB }), surfaceDistance(bunny2, ball2, { poseB }));
          const q = pose2(angle, [r * u, r * v]);
          sameFields(curveDistance(wing, round, { poseB: q }), curveDistance(wing2, round2, { poseB: q }));
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('deserialize refuses data that is not a body', () => {
  const good = () => copyOf(serialize(box(1, 2))) as SurfaceData;
  type Mutable<T> = { -readonly [K in keyof T]: T[K] };

  it('names the kind, the version and the arrays', () => {
    expect(thrown(() => deserialize(null)).code).toBe('BAD_DATA');
    expect(thrown(() => deserialize({ ...good(), kind: 'shape' })).message).toBe(
      'deserialize: kind must be "surface", "curve", "compound" or "compound2", got "shape"',
    );
    expect(thrown(() => deserialize({ ...good(), version: 2 })).message).toBe(
      'deserialize: data of version 2; this package reads version 1',
    );
    const e = thrown(() => deserialize({ ...good(), positions: [0, 0, 0] }));
    expect([e.code, e.message]).toEqual([
      'BAD_DATA',
      'deserialize: positions must be a Float64Array, got an array of length 3',
    ]);
    expect(thrown(() => deserialize({ ...good(), indices: new Int32Array(3) })).code).toBe('BAD_DATA');
  });

  it('names wrong lengths, non-finite coordinates and indices out of range', () => {
    const d = good() as Mutable<SurfaceData>;
    d.positions = d.positions.subarray(0, d.positions.length - 1);
    expect(thrown(() => deserialize(d)).code).toBe('BAD_LENGTH');
    const n = good();
    n.positions[4] = Number.NaN;
    expect(thrown(() => deserialize(n)).message).toBe('deserialize: vertex 1: coordinate y is NaN');
    const i = good();
    i.indices[7] = 1e6;
    const ei = thrown(() => deserialize(i));
    expect([ei.code, ei.message]).toEqual([
      'INDEX_RANGE',
      'deserialize: facet 2: vertex index 1000000 is not in [0, 26)',
    ]);
    const t = good() as Mutable<SurfaceData>;
    t.tree = { ...t.tree!, order: t.tree!.order.subarray(1) };
    expect(thrown(() => deserialize(t)).code).toBe('BAD_LENGTH');
    const c = copyOf(serialize(disc(1, 8))) as Mutable<CurveData>;
    c.sizes = new Uint32Array([9]);
    expect(thrown(() => deserialize(c)).code).toBe('BAD_LENGTH');
    const o = copyOf(serialize(Curve.fromPolyline([0, 1], [0, 0]))) as CurveData;
    o.sizes[0] = 1;
    expect(thrown(() => deserialize(o)).code).toBe('BAD_LENGTH');
  });

  it('refuses a tree deeper than a build makes (a chain: every check passed, the first query was quadratic)', () => {
    // n facets in a row, a tree of leaves of one: each internal node a leaf on its left and the rest
    // on its right, numbered depth first, boxes exact: the shape and the boxes a query relies on
    const n = 200;
    const positions = new Float64Array(9 * n);
    const indices = new Uint32Array(3 * n);
    for (let f = 0; f < n; f++) {
      positions.set([f, 0, 0, f + 1, 0, 0, f, 1, 0], 9 * f);
      indices.set([3 * f, 3 * f + 1, 3 * f + 2], 3 * f);
    }
    const nodes = 2 * n - 1;
    const child = new Uint32Array(nodes);
    const count = new Uint8Array(nodes);
    const boxes = new Float32Array(6 * nodes);
    for (let k = 0; k < n; k++) {
      const leaf = k < n - 1 ? 2 * k + 1 : 2 * k;
      child[leaf] = k;
      count[leaf] = 1;
      boxes.set([k, 0, 0, k + 1, 1, 0], 6 * leaf);
      if (k < n - 1) child[2 * k] = 2 * k + 2;
    }
    for (let k = n - 2; k >= 0; k--) {
      for (let a = 0; a < 3; a++) {
        boxes[12 * k + a] = Math.min(boxes[12 * k + 6 + a], boxes[12 * k + 12 + a]);
        boxes[12 * k + 3 + a] = Math.max(boxes[12 * k + 9 + a], boxes[12 * k + 15 + a]);
      }
    }
    const order = Uint32Array.from({ length: n }, (_, i) => i);
    const version = (serialize(box(1)) as SurfaceData).version;
    const data = {
      kind: 'surface',
      version,
      positions,
      indices,
      tree: { leafSize: 1, boxes, child, count, order },
    };
    for (const check of ['full', 'safety'] as const) {
      expect(() => deserialize(data, { check })).toThrow(
        /tree: the children of node \d+ are \d+ levels deep/,
      );
    }
    // the build's own tree of the same facets is taken
    const strip = Surface.fromTriangles(positions);
    expect((deserialize(structuredClone(serialize(strip))) as Surface).facetCount).toBe(n);
  });

  it('refuses a tree that does not match its body', () => {
    const cases: Array<[string, (d: Mutable<SurfaceData>) => void, RegExp]> = [
      [
        'leaf size',
        (d) => {
          d.tree = { ...d.tree!, leafSize: 0 };
        },
        /leafSize must be an integer in \[1, 255\]/,
      ],
      [
        'a shrunk box',
        (d) => {
          d.tree!.boxes[6 * 5 + 3] -= 0.25;
        },
        /lies outside the (finite )?box of (its )?leaf|union/,
      ],
      [
        'a grown root',
        (d) => {
          d.tree!.boxes[0] -= 1;
        },
        /node 0 is not the union of its children's/,
      ],
      [
        'an infinite box',
        (d) => {
          d.tree!.boxes[2] = Number.NEGATIVE_INFINITY;
        },
        /node 0 is not the union|outside the finite box/,
      ],
      [
        'an order repeated',
        (d) => {
          d.tree!.order[1] = d.tree!.order[0];
        },
        /order\[1\] = \d+ is not a new element/,
      ],
      [
        'a child behind',
        (d) => {
          d.tree!.child[0] = 0;
        },
        /internal node 0 has its right child at 0/,
      ],
      [
        'a leaf made internal',
        (d) => {
          d.tree!.count[d.tree!.count.length - 1] = 0;
        },
        /depth-first|meets|right child/,
      ],
      [
        'a leaf that overlaps',
        (d) => {
          d.tree!.child[d.tree!.count.length - 1] -= 1;
        },
        /starts at order/,
      ],
      [
        'a tree for no facets',
        (d) => {
          d.indices = new Uint32Array(0);
        },
        /has no tree/,
      ],
    ];
    for (const [what, mutate, message] of cases) {
      const d = good() as Mutable<SurfaceData>;
      mutate(d);
      const e = thrown(() => deserialize(d));
      expect(e.code, what).toMatch(/BAD_DATA|BAD_LENGTH/);
      expect(e.message, what).toMatch(message);
    }
  });

  it('never fails but with a FirstTouchError on random corruption, and what it accepts answers as the loop over all pairs', () => {
    const source = icosphere(0.5, 1);
    const other = box(0.2, 1);
    const next = rng(29);
    for (let k = 0; k < 400; k++) {
      const data = copyOf(serialize(source)) as SurfaceData;
      const bytes = new Uint8Array(data.positions.buffer);
      // one to four bytes anywhere (coordinates, indices, boxes, children, counts, order)
      const flips = 1 + Math.floor(next() * 4);
      for (let f = 0; f < flips; f++) bytes[Math.floor(next() * bytes.length)] = Math.floor(next() * 256);
      let body: Surface;
      try {
        body = deserialize(data) as Surface;
      } catch (e) {
        expect(e, String(e)).toBeInstanceOf(FirstTouchError);
        continue;
      }
      // accepted: its tree holds every facet in a box that contains it, so the distance is the one of
      // a tree built afresh (the distance does not depend on the tree)
      const fresh = Surface.fromIndexed(body.positions, body.indices);
      const poseB = poseFromAxisAngle([0, 1, 0], k, [0.9, 0.1, 0]);
      sameFields(surfaceDistance(body, other, { poseB }), surfaceDistance(fresh, other, { poseB }));
    }
  });
});

describe('deserialize on mutated buffers (fast-check)', () => {
  it('never crashes or hangs: a FirstTouchError, or a body that answers as one with a tree built afresh', () => {
    const surface = icosphere(0.5, 2);
    const wing = disc(0.5, 40);
    const other = box(0.2, 1);
    const pebble = disc(0.1, 6);
    const surfaceBytes = new Uint8Array((serialize(surface) as SurfaceData).positions.buffer).length;
    const curveBytes = new Uint8Array((serialize(wing) as CurveData).positions.buffer).length;
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.array(fc.tuple(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), fc.nat(255)), {
          minLength: 1,
          maxLength: 6,
        }),
        fc.boolean(),
        (isSurface, flips, shared) => {
          const data = structuredClone(serialize(isSurface ? surface : wing, { shared }));
          const bytes = new Uint8Array((data as SurfaceData).positions.buffer);
          expect(bytes.length).toBe(isSurface ? surfaceBytes : curveBytes);
          for (const [at, value] of flips) bytes[Math.floor(at * bytes.length)] = value;
          let body: Surface | Curve;
          try {
            body = deserialize(data) as Surface | Curve;
          } catch (e) {
            expect(e, String(e)).toBeInstanceOf(FirstTouchError);
            return;
          }
          if (Surface.isSurface(body)) {
            const fresh = Surface.fromIndexed(body.positions, body.indices);
            const poseB = poseFromAxisAngle([0, 1, 0], 0.7, [0.9, 0.1, 0]);
            sameFields(surfaceDistance(body, other, { poseB }), surfaceDistance(fresh, other, { poseB }));
          } else {
            const c = body as Curve;
            const fresh = deserialize({ ...serialize(c), tree: null }) as Curve;
            const poseB = pose2(0.7, [0.8, 0.1]);
            sameFields(curveDistance(c, pebble, { poseB }), curveDistance(fresh, pebble, { poseB }));
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("deserialize with {check: 'safety'}", () => {
  it('trusts the boxes but still refuses what could crash or loop', () => {
    const good = () => structuredClone(serialize(box(1, 2))) as SurfaceData;
    const shrunk = good();
    shrunk.tree!.boxes[6 * 5 + 3] -= 0.25; // wrong but safe: accepted, as data from a trusted source
    expect(thrown(() => deserialize(shrunk)).message).toMatch(/outside the finite box|union/);
    expect(Surface.isSurface(deserialize(shrunk, { check: 'safety' }))).toBe(true);
    const cases: Array<[(d: SurfaceData) => void, RegExp]> = [
      [(d) => (d.tree!.boxes[2] = Number.NaN), /the box of node 0 is not finite/],
      [(d) => (d.tree!.order[1] = d.tree!.order[0]), /order\[1\] = \d+ is not a new element/],
      [(d) => (d.tree!.child[0] = 0), /internal node 0 has its right child at 0/],
      [(d) => (d.indices[7] = 1e6), /facet 2: vertex index 1000000 is not in \[0, 26\)/],
      [(d) => (d.positions[4] = Number.POSITIVE_INFINITY), /vertex 1: coordinate y is Infinity/],
    ];
    for (const [mutate, message] of cases) {
      const d = good();
      mutate(d);
      expect(thrown(() => deserialize(d, { check: 'safety' })).message).toMatch(message);
    }
    expect(thrown(() => deserialize(good(), { check: 'some' as never })).code).toBe('INVALID_OPTION');
  });

  it('on mutated buffers (fast-check): a FirstTouchError, or a body every query runs on', () => {
    const surface = icosphere(0.5, 2);
    const other = box(0.2, 1);
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), fc.nat(255)), {
          minLength: 1,
          maxLength: 8,
        }),
        fc.double({ min: 0, max: 6, noNaN: true }),
        (flips, angle) => {
          const data = structuredClone(serialize(surface)) as SurfaceData;
          const bytes = new Uint8Array(data.positions.buffer);
          for (const [at, value] of flips) bytes[Math.floor(at * bytes.length)] = value;
          let body: Surface;
          try {
            body = deserialize(data, { check: 'safety' }) as Surface;
          } catch (e) {
            expect(e, String(e)).toBeInstanceOf(FirstTouchError);
            return;
          }
          const poseB = poseFromAxisAngle([0, 1, 0], angle, [0.9, 0.1, 0]);
          const d = surfaceDistance(body, other, { poseB });
          expect(d.distance >= 0).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('serialize and deserialize compounds', () => {
  const hull = convexHull([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0.5, 0.5, 0.5, -0.2, 0.3, 0.1]);
  const robot = () =>
    compound([
      { body: unitBunny(), pose: poseFromAxisAngle([0, 0, 1], 0, [0, 0, 0]) },
      { body: cuboid(0.5, 0.1, 0.3), pose: poseFromAxisAngle([1, 0, 0], 0.4, [0.8, 0, 0]) },
      { body: rounded(hull, 0.05), pose: poseFromAxisAngle([0, 1, 1], 1.1, [-0.7, 0.2, 0]) },
      { body: capsule(0.4, 0.1), pose: poseFromAxisAngle([1, 1, 0], 2.5, [0, 0.9, 0.1]) },
    ]);

  it('send the parts one by one with their poses, and make the compound again, equal in every part', () => {
    const c = robot();
    const data = serialize(c) as CompoundData;
    expect(data.kind).toBe('compound');
    expect(data.parts.map((p) => p.kind)).toEqual(['surface', 'shape', 'shape', 'shape']);
    expect(data.poses.length).toBe(48);
    const back = deserialize(structuredClone(data)) as Compound;
    expect(Compound.isCompound(back)).toBe(true);
    expect(back.partCount).toBe(4);
    expect(Array.from(back.balls)).toEqual(Array.from(c.balls));
    expect(Object.is(back.reach, c.reach)).toBe(true);
    expect(back.bounds()).toEqual(c.bounds());
    back.parts.forEach((p, i) => {
      expect(Array.from(p.pose.R)).toEqual(Array.from(c.parts[i].pose.R));
      expect(Array.from(p.pose.t)).toEqual(Array.from(c.parts[i].pose.t));
    });
    const surface = back.parts[0].body as Surface;
    expect(Array.from(surface.tree().boxes)).toEqual(Array.from((c.parts[0].body as Surface).tree().boxes));
    expect((back.parts[2].body as Shape).base?.kind).toBe('convexHull');
    const shared = serialize(c, { shared: true }) as CompoundData;
    expect((shared.parts[0] as SurfaceData).positions.buffer).toBeInstanceOf(SharedArrayBuffer);
  });

  it('read data shared by many parts once (structured clone keeps shared references)', () => {
    // A compound of 1 000 references to one compound of 1 000 references to a box was read a million
    // times (100 KB on the wire, the heap exhausted); each shared piece of data is now read once.
    let reads = 0;
    const part = serialize(box(0.1)) as unknown as Record<string, unknown>;
    const counted = new Proxy(part, {
      get(target, key, receiver) {
        if (key === 'positions') reads++;
        return Reflect.get(target, key, receiver);
      },
    });
    const k = 200;
    const data = {
      kind: 'compound',
      version: (serialize(robot()) as CompoundData).version,
      parts: new Array(k).fill(counted),
      poses: new Float64Array(12 * k).map((_, i) => (i % 12 === 0 || i % 12 === 4 || i % 12 === 8 ? 1 : 0)),
    };
    const c = deserialize(data) as Compound;
    expect(c.partCount).toBe(k);
    // (its positions read once, not k times)
    expect(reads).toBe(1);
    expect(c.parts.every((p) => p.body === c.parts[0].body)).toBe(true);
    // nested: a compound holding a compound is refused, once, after reading the inner one once
    reads = 0;
    const inner = { ...data, parts: new Array(k).fill(counted) };
    const outer = { ...data, parts: new Array(k).fill(inner) };
    expect(() => deserialize(outer)).toThrow(FirstTouchError);
    expect(reads).toBe(1);
  });

  it('a sparse array of parts is refused, directly or from data (a hole became a part that crashed a query)', () => {
    const part = { body: box(0.1), pose: identityPose() };
    const holes = [part, part] as CompoundPart[];
    holes.length = 3;
    holes[2] = part;
    delete holes[1];
    for (const f of [
      () => compound(holes),
      () => compound([part, part].concat(new Array(3)) as CompoundPart[]),
      () => {
        const disc2 = { body: ball2(0.1), pose: pose2() };
        const sparse = [disc2, disc2, disc2] as CompoundPart2[];
        delete sparse[1];
        return compound2(sparse);
      },
    ]) {
      expect(f).toThrow(/parts\[\d\] must be \{body, pose\}, got a hole/);
    }
    // a hostile length: refused at once, nothing built for it
    const long = [part] as CompoundPart[];
    long.length = 2 ** 28;
    const t0 = performance.now();
    expect(() => compound(long)).toThrow(FirstTouchError);
    expect(performance.now() - t0).toBeLessThan(1000);
    // data whose parts keep a hole through a structured clone
    const data = structuredClone(serialize(robot())) as CompoundData;
    const parts = data.parts.slice() as unknown[];
    delete parts[1];
    expect(() => deserialize({ ...data, parts })).toThrow(/parts\[1\] must be \{body, pose\}, got a hole/);
  });

  it('answer every part distance as the original, bit for bit (random poses)', () => {
    const c = robot();
    const back = deserialize(structuredClone(serialize(c))) as Compound;
    const other = compound([
      { body: ball(0.2), pose: poseFromAxisAngle([0, 0, 1], 0, [0, 0, 0]) },
      { body: box(0.3, 1), pose: poseFromAxisAngle([0, 0, 1], 0, [0.4, 0, 0]) },
    ]);
    const otherBack = deserialize(structuredClone(serialize(other))) as Compound;
    const a = new CompoundPair(c, other);
    const b = new CompoundPair(back, otherBack);
    fc.assert(
      fc.property(
        fc.tuple(fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true })),
        fc.double({ min: 0, max: 6, noNaN: true }),
        fc.double({ min: 0, max: 2, noNaN: true }),
        ([u, v], angle, r) => {
          const pose = poseFromAxisAngle([u, v, 1], angle, [r * u, r * v, r * (1 - Math.abs(u))]);
          const R = Float64Array.from(pose.R);
          const t = Float64Array.from(pose.t);
          const d0 = a.evaluate(R, t);
          const d1 = b.evaluate(R, t);
          expect(Object.is(d0, d1)).toBe(true);
          expect(Array.from(b.pointA)).toEqual(Array.from(a.pointA));
          expect(Array.from(b.pointB)).toEqual(Array.from(a.pointB));
        },
      ),
      { numRuns: 40 },
    );
  });

  it('refuses compound data that does not make a compound, naming the part', () => {
    type Mutable<T> = { -readonly [K in keyof T]: T[K] };
    const good = () => structuredClone(serialize(robot())) as Mutable<CompoundData>;
    const parts = (d: CompoundData) => d.parts as unknown as Array<Record<string, unknown>>;
    const cases: Array<[(d: Mutable<CompoundData>) => void, RegExp]> = [
      [
        (d) => {
          d.parts = {} as never;
        },
        /parts must be an array of body data/,
      ],
      [
        (d) => {
          d.poses = d.poses.subarray(1);
        },
        /poses has length 47, 12 a part: 48/,
      ],
      [
        (d) => {
          d.poses = [1, 2, 3] as never;
        },
        /poses must be a Float64Array/,
      ],
      [
        (d) => {
          d.poses[12 + 4] = 2;
        },
        /parts\[1\]\.pose\.R is not orthonormal/,
      ],
      [
        (d) => {
          d.poses[9] = Number.NaN;
        },
        /parts\[0\]\.pose/,
      ],
      [
        (d) => {
          parts(d)[1].params = { hx: -1, hy: 1, hz: 1 };
        },
        /parts\[1\]: cuboid: hx must be positive/,
      ],
      [
        (d) => {
          parts(d)[0].kind = 'curve';
        },
        /parts\[0\]: (positions|sizes)|parts\[0\]\.body/,
      ],
      [
        (d) => {
          parts(d)[2] = serialize(disc(1, 8)) as never;
        },
        /parts\[2\]\.body must be a Surface or a 3-D shape/,
      ],
      [
        (d) => {
          parts(d)[3] = { kind: 'nothing' };
        },
        /parts\[3\]: kind must be/,
      ],
      [
        (d) => {
          parts(d)[0] = serialize(Surface.fromTriangles([])) as never;
        },
        /parts\[0\]\.body: the surface has no facets/,
      ],
    ];
    for (const [mutate, message] of cases) {
      const d = good();
      mutate(d);
      const e = thrown(() => deserialize(d));
      expect(e.code, String(message)).toMatch(/BAD_DATA|BAD_LENGTH/);
      expect(e.message).toMatch(message);
    }
    // compounds nested in compounds: refused before any depth is reached
    let deep: unknown = serialize(robot());
    for (let k = 0; k < 40; k++)
      deep = { kind: 'compound', version: DATA_VERSION, parts: [deep], poses: new Float64Array(12) };
    expect(thrown(() => deserialize(deep)).code).toBe('BAD_DATA');
  });
});

describe('serialize and deserialize 2-D compounds', () => {
  const hammer = () =>
    compound2([
      { body: disc(0.3, 16), pose: pose2(0.4, [0, 0.8]) },
      { body: cuboid2(0.05, 0.6), pose: pose2(0, [0, 0]) },
      { body: ball2(0.2), pose: pose2(0, [0.3, -0.5]) },
      { body: convexPolygon([0, 0, 0.4, 0, 0.1, 0.3]), pose: pose2(2.5, [-0.3, 0.1]) },
    ]);

  it('send the parts one by one with their 2-D poses, and answer every distance as the original, bit for bit', () => {
    const c = hammer();
    const data = serialize(c) as Compound2Data;
    expect(data.kind).toBe('compound2');
    expect(data.parts.map((p) => p.kind)).toEqual(['curve', 'shape', 'shape', 'shape']);
    expect(Array.from(data.poses.subarray(0, 3))).toEqual([0.4, 0, 0.8]);
    const back = deserialize(structuredClone(data)) as Compound2;
    expect(Compound2.isCompound2(back)).toBe(true);
    expect(Array.from(back.discs)).toEqual(Array.from(c.discs));
    expect(back.bounds()).toEqual(c.bounds());
    expect(Object.is(back.reach, c.reach)).toBe(true);
    const other = compound2([{ body: capsule2(0.2, 0.1), pose: pose2(0.2, [0, 0]) }]);
    const a = new CompoundPair2(c, other);
    const b = new CompoundPair2(back, deserialize(structuredClone(serialize(other))) as Compound2);
    fc.assert(
      fc.property(
        fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
        fc.double({ min: -2, max: 2, noNaN: true }),
        fc.double({ min: -2, max: 2, noNaN: true }),
        (angle, tu, tv) => {
          const cs = Math.cos(angle);
          const sn = Math.sin(angle);
          const d0 = a.evaluate(cs, sn, tu, tv);
          const d1 = b.evaluate(cs, sn, tu, tv);
          expect(Object.is(d0, d1)).toBe(true);
          expect(b.partA).toBe(a.partA);
          expect(Array.from(b.pointA)).toEqual(Array.from(a.pointA));
          expect(Array.from(b.pointB)).toEqual(Array.from(a.pointB));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('refuses 2-D compound data that does not make a compound, naming the part', () => {
    type Mutable<T> = { -readonly [K in keyof T]: T[K] };
    const good = () => structuredClone(serialize(hammer())) as Mutable<Compound2Data>;
    const parts = (d: Compound2Data) => d.parts as unknown as Array<Record<string, unknown>>;
    const cases: Array<[(d: Mutable<Compound2Data>) => void, RegExp]> = [
      [
        (d) => {
          d.parts = 'parts' as never;
        },
        /parts must be an array of body data/,
      ],
      [
        (d) => {
          d.poses = d.poses.subarray(2);
        },
        /poses has length 10, 3 a part: 12/,
      ],
      [
        (d) => {
          d.poses[4] = Number.POSITIVE_INFINITY;
        },
        /parts\[1\]\.pose/,
      ],
      [
        (d) => {
          parts(d)[1] = serialize(box(1)) as never;
        },
        /parts\[1\] must be a curve's or a 2-D shape's data, got kind "surface"/,
      ],
      [
        (d) => {
          parts(d)[2] = serializeShape(ball(1)) as never;
        },
        /parts\[2\]\.body must be a Curve or a 2-D shape/,
      ],
      [
        (d) => {
          parts(d)[2].params = { radius: -1 };
        },
        /parts\[2\]/,
      ],
      [
        (d) => {
          parts(d)[0].sizes = new Uint32Array([3]);
        },
        /parts\[0\]/,
      ],
      [
        (d) => {
          d.parts = [];
          d.poses = new Float64Array(0);
        },
        /parts is empty/,
      ],
    ];
    for (const [mutate, message] of cases) {
      const d = good();
      mutate(d);
      const e = thrown(() => deserialize(d));
      expect(e.code, String(message)).toMatch(/BAD_DATA|BAD_LENGTH/);
      expect(e.message).toMatch(message);
    }
  });
});
