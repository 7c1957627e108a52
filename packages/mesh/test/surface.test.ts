// Surface as a value: construction keeps facet order, bounds, the immutable transforms, connected
// components, the bounding tree's documented layout, and the shape generators.

import { identityPose, pose2, poseFromAxisAngle, transformPoint } from '@firsttouch/pose';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  box,
  Compound,
  Compound2,
  Curve,
  compound,
  compound2,
  cylinder,
  disc,
  icosphere,
  naca4,
  naca4Section,
  rectangle,
  Surface,
  surfaceDistance,
} from '../src/index.js';
import { arbSoup, checkTree, rng, soupOf } from './helpers.js';

/** Every undirected edge (by exact vertex coordinates) used once in each direction: closed, oriented. */
function closedAndOriented(s: Surface): boolean {
  const key = (p: ArrayLike<number>, i: number) => `${p[i]},${p[i + 1]},${p[i + 2]}`;
  const directed = new Map<string, number>();
  for (let f = 0; f < s.facetCount; f++) {
    const t = s.facet(f);
    for (let k = 0; k < 3; k++) {
      const e = `${key(t, 3 * k)}>${key(t, 3 * ((k + 1) % 3))}`;
      directed.set(e, (directed.get(e) ?? 0) + 1);
    }
  }
  for (const [e, n] of directed) {
    const [a, b] = e.split('>');
    if (n !== 1 || directed.get(`${b}>${a}`) !== 1) return false;
  }
  return true;
}

/** Signed volume (divergence theorem): positive when the facets face out. */
function signedVolume(s: Surface): number {
  let v = 0;
  for (let f = 0; f < s.facetCount; f++) {
    const t = s.facet(f);
    v +=
      (t[0] * (t[4] * t[8] - t[5] * t[7]) -
        t[1] * (t[3] * t[8] - t[5] * t[6]) +
        t[2] * (t[3] * t[7] - t[4] * t[6])) /
      6;
  }
  return v;
}

function facetCorners(s: Surface): (e: number) => number[][] {
  return (e) => {
    const t = s.facet(e);
    return [Array.from(t.subarray(0, 3)), Array.from(t.subarray(3, 6)), Array.from(t.subarray(6, 9))];
  };
}

describe('construction', () => {
  it('fromTriangles keeps the facets and their order, and copies its input', () => {
    fc.assert(
      fc.property(arbSoup(10), (xyz) => {
        const input = Float64Array.from(xyz);
        const s = Surface.fromTriangles(input);
        expect(s.facetCount).toBe(xyz.length / 9);
        expect(s.vertexCount).toBe(xyz.length / 3);
        for (let i = 0; i < s.facetCount; i++)
          expect(Array.from(s.facet(i))).toEqual(xyz.slice(9 * i, 9 * i + 9));
        input.fill(7);
        expect(Array.from(s.facet(0))).toEqual(xyz.slice(0, 9));
      }),
    );
  });

  it('fromIndexed reads facets through the indices, in order', () => {
    const positions = [0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 9, 9, 9];
    const s = Surface.fromIndexed(positions, [2, 1, 0, 0, 2, 3, 3, 3, 3]);
    expect(s.facetCount).toBe(3);
    expect(s.vertexCount).toBe(5);
    expect(Array.from(s.facet(0))).toEqual([1, 1, 0, 1, 0, 0, 0, 0, 0]);
    expect(Array.from(s.facet(1))).toEqual([0, 0, 0, 1, 1, 0, 0, 1, 0]);
    expect(Array.from(s.facet(2))).toEqual([0, 1, 0, 0, 1, 0, 0, 1, 0]);
    const out = new Float64Array(9);
    expect(s.facet(1, out)).toBe(out);
    expect(Array.from(out)).toEqual([0, 0, 0, 1, 1, 0, 0, 1, 0]);
    // the same facets as a soup
    expect(Array.from(soupOf(Surface.fromTriangles(soupOf(s))))).toEqual(Array.from(soupOf(s)));
  });

  it('bounds and vertices cover the vertices that facets use (not the unused ones)', () => {
    const s = Surface.fromIndexed([0, 0, 0, 100, 100, 100, 2, 0, 0, 0, 3, -1], [0, 2, 3]);
    const b = s.bounds();
    expect(Array.from(b.min)).toEqual([0, 0, -1]);
    expect(Array.from(b.max)).toEqual([2, 3, 0]);
    expect(b.diagonal).toBeCloseTo(Math.sqrt(14), 15);
    expect(Array.from(s.vertices())).toEqual([0, 0, 0, 2, 0, 0, 0, 3, -1]);
    // bounds returns copies
    b.min[0] = 42;
    expect(s.bounds().min[0]).toBe(0);
    fc.assert(
      fc.property(arbSoup(10), (xyz) => {
        const bb = Surface.fromTriangles(xyz).bounds();
        for (let k = 0; k < 3; k++) {
          const coords = xyz.filter((_, i) => i % 3 === k);
          expect(bb.min[k]).toBe(Math.min(...coords));
          expect(bb.max[k]).toBe(Math.max(...coords));
        }
      }),
    );
  });
});

describe('hostile input to the constructors', () => {
  it('chain sizes past the vertices stop at once; a sparse index array is not allocated by its length', () => {
    // (3·10⁷ sizes of 1 beside no vertex built a record each until the heap ran out)
    expect(() => Curve.fromLoops([], [], new Uint8Array(1e6).fill(1))).toThrow(
      expect.objectContaining({
        code: 'BAD_LENGTH',
        message: 'the chain sizes add up to more than the 0 vertices (at chain 0, 1)',
      }),
    );
    const sparse = [0, 1, 2];
    sparse.length = 3e9;
    expect(() => Surface.fromIndexed([0, 0, 0, 1, 0, 0, 0, 1, 0], sparse)).toThrow(
      expect.objectContaining({
        code: 'INDEX_RANGE',
        message: expect.stringMatching(/^facet 1: vertex index undefined/),
      }),
    );
  });

  it('what is built is what was checked: a getter that turns to NaN after the check is refused', () => {
    const flipping = (n: number) => {
      let reads = 0;
      const a = Array.from({ length: n }, (_, i) => i % 2);
      Object.defineProperty(a, 1, { get: () => (reads++ < 1 ? 0 : Number.NaN) });
      return a;
    };
    expect(() => Surface.fromTriangles(flipping(9))).toThrow(expect.objectContaining({ code: 'NON_FINITE' }));
    expect(() => Curve.fromLoops(flipping(3), [0, 1, 1], [3])).toThrow(
      expect.objectContaining({ code: 'NON_FINITE' }),
    );
    // (finite coordinates whose sum overflows are finite: the copy's check takes them one by one)
    expect(Curve.fromLoops([1.7e308, 1.7e308, 0], [1.7e308, 0, 1], [3]).segmentCount).toBe(3);
  });
});

describe('the kinds are told by the objects themselves', () => {
  it("an object made from a body's prototype, or a proxy of a body, is no body (its private fields are not there)", () => {
    const bodies = [
      [box(1), Surface.isSurface],
      [rectangle(1, 1), Curve.isCurve],
      [compound([{ body: box(1), pose: identityPose() }]), Compound.isCompound],
      [compound2([{ body: rectangle(1, 1), pose: pose2() }]), Compound2.isCompound2],
    ] as const;
    for (const [body, is] of bodies) {
      expect(is(body)).toBe(true);
      expect(is(Object.create(body))).toBe(false);
      expect(is(new Proxy(body, {}))).toBe(false);
    }
    // (which every call that takes a body then names, where the private reads threw a TypeError)
    expect(() => surfaceDistance(Object.create(box(1)), box(1))).toThrow(
      expect.objectContaining({ code: 'INVALID_OPTION' }),
    );
  });
});

describe('transforms return new surfaces and leave the original unchanged', () => {
  it('translate, rotate, scale', () => {
    fc.assert(
      fc.property(
        arbSoup(6),
        fc.tuple(
          fc.double({ min: -5, max: 5, noNaN: true }),
          fc.double({ min: -5, max: 5, noNaN: true }),
          fc.double({ min: -5, max: 5, noNaN: true }),
        ),
        fc.double({ min: -4, max: 4, noNaN: true }),
        (xyz, d, angle) => {
          const s = Surface.fromTriangles(xyz);
          const before = Array.from(soupOf(s));
          const moved = s.translate(d);
          const turned = s.rotate([1, -2, 0.5], angle);
          const scaled = s.scale(2, -0.5, 3);
          const uniform = s.scale(-1.5);
          for (const other of [moved, turned, scaled, uniform]) {
            expect(other).not.toBe(s);
            expect(other.facetCount).toBe(s.facetCount);
          }
          expect(Array.from(s.positions)).toEqual(before);
          const R = poseFromAxisAngle([1, -2, 0.5], angle);
          for (let f = 0; f < s.facetCount; f++) {
            const t = s.facet(f);
            const tm = moved.facet(f);
            const tr = turned.facet(f);
            const ts = scaled.facet(f);
            const tu = uniform.facet(f);
            for (let v = 0; v < 3; v++) {
              const p = [t[3 * v], t[3 * v + 1], t[3 * v + 2]];
              for (let k = 0; k < 3; k++) expect(tm[3 * v + k]).toBe(p[k] + d[k]);
              const q = transformPoint(R, p);
              for (let k = 0; k < 3; k++) expect(Math.abs(tr[3 * v + k] - q[k])).toBeLessThanOrEqual(1e-15);
              expect([ts[3 * v], ts[3 * v + 1], ts[3 * v + 2]]).toEqual([2 * p[0], -0.5 * p[1], 3 * p[2]]);
              expect([tu[3 * v], tu[3 * v + 1], tu[3 * v + 2]]).toEqual(p.map((x) => -1.5 * x));
            }
          }
        },
      ),
      { numRuns: 50 },
    );
  });

  it('a quarter turn about z takes x to y', () => {
    const s = Surface.fromTriangles([1, 0, 0, 1, 0, 0, 1, 0, 0]).rotate([0, 0, 3], Math.PI / 2);
    expect(Math.abs(s.facet(0)[0])).toBeLessThan(1e-15);
    expect(s.facet(0)[1]).toBeCloseTo(1, 15);
  });
});

describe('components', () => {
  it('facets sharing a vertex (bit-identical coordinates) are connected; labels in order of first facet', () => {
    const s = Surface.fromTriangles([
      5,
      5,
      5,
      6,
      5,
      5,
      5,
      6,
      5, // 0: alone at first
      0,
      0,
      0,
      1,
      0,
      0,
      0,
      1,
      0, // 1
      1,
      0,
      0,
      2,
      0,
      0,
      1,
      1,
      0, // 2: shares (1, 0, 0) with 1
      6,
      5,
      5,
      7,
      5,
      5,
      6,
      6,
      5, // 3: shares (6, 5, 5) with 0
      9,
      9,
      9,
      9,
      9,
      9,
      9,
      9,
      9, // 4: a point facet, alone
      2,
      1e-16,
      0,
      3,
      0,
      0,
      2,
      1,
      0, // 5: (2, 1e-16, 0) is not (2, 0, 0)
      -0,
      0,
      0,
      0,
      -1,
      0,
      -1,
      0,
      0, // 6: −0 is 0: shares (0, 0, 0) with 1
    ]);
    expect(Array.from(s.components())).toEqual([0, 1, 1, 0, 2, 3, 1]);
  });

  it('a soup and its indexed form have the same components; shapes are one component', () => {
    const r = rng(7);
    for (let n = 0; n < 20; n++) {
      // random facets over a small vertex set, so that they share vertices
      const verts = Array.from({ length: 12 }, () => [r(), r(), r()]);
      const idx = Array.from({ length: 3 * (1 + Math.floor(r() * 8)) }, () => Math.floor(r() * verts.length));
      const indexed = Surface.fromIndexed(verts.flat(), idx);
      const soup = Surface.fromTriangles(soupOf(indexed));
      expect(Array.from(soup.components())).toEqual(Array.from(indexed.components()));
      // reference: union-find over shared vertex indices
      const label = idx.filter((_, i) => i % 3 === 0).map((_, f) => f);
      const find = (x: number): number => (label[x] === x ? x : find(label[x]));
      for (let f = 0; f < label.length; f++) {
        for (let g = 0; g < f; g++) {
          const shared = [0, 1, 2].some((a) => [0, 1, 2].some((b) => idx[3 * f + a] === idx[3 * g + b]));
          if (shared) label[find(f)] = find(g);
        }
      }
      const got = indexed.components();
      for (let f = 0; f < label.length; f++) {
        for (let g = 0; g < label.length; g++) expect(got[f] === got[g]).toBe(find(f) === find(g));
      }
    }
    for (const s of [box(1, 3), icosphere(1, 2), cylinder(0.5, 1, 10), naca4('0012', 1, 1, 8)]) {
      expect(new Set(s.components()).size).toBe(1);
    }
    const two = Surface.fromTriangles([...soupOf(box(1)), ...soupOf(box(1).translate([3, 0, 0]))]);
    expect(Array.from(two.components())).toEqual([...Array(12).fill(0), ...Array(12).fill(1)]);
  });
});

describe('tree', () => {
  it('layout: every facet exactly once, boxes contain their facets, left child = node + 1', () => {
    for (const s of [icosphere(1, 3), box([1, 2, 3], 4), naca4('2412', 1, 2, 30), cylinder(1, 0.1, 7)]) {
      const tree = s.tree();
      expect(tree.dim).toBe(3);
      expect(s.tree()).toBe(tree); // built once
      checkTree(tree, s.facetCount, facetCorners(s));
    }
    fc.assert(
      fc.property(arbSoup(40), (xyz) => {
        const s = Surface.fromTriangles(xyz);
        checkTree(s.tree(), s.facetCount, facetCorners(s));
      }),
      { numRuns: 100 },
    );
  });

  it('many identical facets (equal centroids) still give a valid tree', () => {
    const tri = [0.1, 0.2, 0.3, 1, 0, 0, 0, 1, 0];
    const s = Surface.fromTriangles(Array.from({ length: 50 }, () => tri).flat());
    const leaves = checkTree(s.tree(), 50, facetCorners(s));
    expect(leaves).toBeGreaterThan(1);
  });

  it('the tree of a transformed surface is its own', () => {
    const s = icosphere(1, 1);
    const moved = s.translate([10, 0, 0]);
    checkTree(moved.tree(), moved.facetCount, facetCorners(moved));
    expect(moved.tree()).not.toBe(s.tree());
  });
});

describe('shapes', () => {
  it('box: 12 n² facets on 6 n² + 2 shared vertices, closed, facing out, its volume; the pebble has 48 facets', () => {
    for (const [size, n] of [
      [2, 1],
      [[1, 2, 3], 3],
      [0.04, 2],
      [0.3, 7],
    ] as [number | number[], number][]) {
      const s = box(size, n);
      const [sx, sy, sz] = typeof size === 'number' ? [size, size, size] : size;
      expect(s.facetCount).toBe(12 * n * n);
      expect(closedAndOriented(s)).toBe(true);
      // Shared by index too: every vertex distinct, each directed edge of indices once each way.
      expect(s.vertexCount).toBe(6 * n * n + 2);
      expect(s.distinctVertices().length).toBe(s.positions.length);
      const edges = new Set<string>();
      for (let f = 0; f < s.facetCount; f++) {
        for (let k = 0; k < 3; k++) edges.add(`${s.indices[3 * f + k]}>${s.indices[3 * f + ((k + 1) % 3)]}`);
      }
      expect(edges.size).toBe(36 * n * n);
      for (const e of edges) expect(edges.has(e.split('>').reverse().join('>'))).toBe(true);
      expect(Math.abs(signedVolume(s) / (sx * sy * sz) - 1)).toBeLessThan(1e-13);
      expect(Array.from(s.bounds().max)).toEqual([sx / 2, sy / 2, sz / 2]);
      expect(Array.from(s.bounds().min)).toEqual([-sx / 2, -sy / 2, -sz / 2]);
    }
    expect(box(0.04, 2).facetCount).toBe(48);
  });

  it('icosphere: 20 · 4^level facets, vertices on the sphere, closed, facing out', () => {
    for (const level of [0, 1, 2, 3]) {
      const s = icosphere(2, level);
      expect(s.facetCount).toBe(20 * 4 ** level);
      expect(closedAndOriented(s)).toBe(true);
      for (let i = 0; i < s.positions.length; i += 3) {
        expect(Math.hypot(s.positions[i], s.positions[i + 1], s.positions[i + 2])).toBeCloseTo(2, 14);
      }
      const v = signedVolume(s);
      expect(v).toBeGreaterThan(0);
      expect(v).toBeLessThan((4 / 3) * Math.PI * 8);
    }
    expect(signedVolume(icosphere(1, 4))).toBeCloseTo((4 / 3) * Math.PI, 1);
  });

  it('cylinder: 4 · segments facets, closed, facing out, the prism volume', () => {
    const s = cylinder(0.5, 2, 16);
    expect(s.facetCount).toBe(64);
    expect(closedAndOriented(s)).toBe(true);
    const polygon = 0.5 * 16 * 0.25 * Math.sin((2 * Math.PI) / 16);
    expect(signedVolume(s)).toBeCloseTo(polygon * 2, 14);
    expect(s.bounds().max[2]).toBe(1);
  });

  it('naca4: 8n − 4 facets, closed, facing out, the section extruded', () => {
    for (const code of ['0012', '2412', '4415']) {
      const s = naca4(code, 1, 0.5, 20);
      expect(s.facetCount).toBe(8 * 20 - 4);
      expect(closedAndOriented(s)).toBe(true);
      const { upper, lower } = naca4Section(code, 1, 20);
      // area of the section (shoelace over upper then lower back), times the span
      const loop = [...upper.slice().reverse(), ...lower.slice(1, -1)];
      let area = 0;
      for (let i = 0; i < loop.length; i++) {
        const [x0, y0] = loop[i];
        const [x1, y1] = loop[(i + 1) % loop.length];
        area += (x0 * y1 - x1 * y0) / 2;
      }
      expect(area).toBeGreaterThan(0);
      expect(signedVolume(s)).toBeCloseTo(area * 0.5, 12);
      expect(upper[0]).toEqual(lower[0]);
      expect(upper[20]).toEqual(lower[20]);
    }
    const thickest = Math.max(...naca4Section('0012', 1, 100).upper.map(([, y]) => y));
    expect(2 * thickest).toBeCloseTo(0.12, 3);
  });
});

// Regression (fixed): scaledByPowerOfTwo checked nothing (e = NaN or 2000 built a body of NaN or
// infinite coordinates that the queries then measured as NaN, e = 0.5 scaled by √2), and facet and
// segment threw raw TypeErrors for a Symbol index or an `out` that was a number.
describe('scaledByPowerOfTwo, facet and segment on hostile arguments', () => {
  it('refuses an exponent that is not an integer and coordinates that overflow', () => {
    for (const body of [box(1), disc(1, 8)]) {
      for (const e of [Number.NaN, 0.5, Number.POSITIVE_INFINITY, '3', 1n]) {
        expect(() => body.scaledByPowerOfTwo(e as number)).toThrow(
          expect.objectContaining({
            code: 'INVALID_OPTION',
            message: expect.stringMatching(/must be an integer/),
          }),
        );
      }
      expect(() => body.scaledByPowerOfTwo(2000)).toThrow(expect.objectContaining({ code: 'NON_FINITE' }));
      expect(body.scaledByPowerOfTwo(3).bounds().max[0]).toBe(8 * body.bounds().max[0]);
    }
  });

  it('facet and segment refuse odd indices and outs with their codes', () => {
    expect(() => box(1).facet(Symbol() as never)).toThrow(expect.objectContaining({ code: 'INDEX_RANGE' }));
    expect(() => disc(1).segment(Symbol() as never)).toThrow(
      expect.objectContaining({ code: 'INDEX_RANGE' }),
    );
    for (const out of [5, new Float64Array(3), [0, 0, 0, 0, 0, 0, 0, 0, 0], null])
      expect(() => box(1).facet(0, out as never)).toThrow(
        expect.objectContaining({ code: 'INVALID_OPTION' }),
      );
    expect(Array.from(box(1).facet(0, new Float64Array(12)).subarray(9))).toEqual([0, 0, 0]);
  });
});
