// The hole rule of the section's canonical form (a loop is a hole when a point of it lies inside an
// odd number of the other loops) finds the loops that may hold a point through a tree of their boxes.
// These tests hold it to a reference written here, which tests every loop against every other, as the
// pass did before: the same chains, in the same order, from the same nodes, bit for bit.
import { box, Surface } from '@firsttouch/mesh';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sliceSurface } from '../src/index.js';
import { BoxTree } from '../src/slice/box-tree.js';
import { canonicalChains } from '../src/slice/canonical.js';
import { type NodeChain, splitChains } from '../src/slice/chains.js';
import { type SectionGraph, sectionGraph } from '../src/slice/graph.js';
import { slicePieces } from '../src/slice/pieces.js';

/** The canonical form by the rule as stated, every closed chain against every other: O(L²). */
function referenceChains(g: SectionGraph, chains: NodeChain[]): NodeChain[] {
  const loops = chains.filter((c) => c.closed);
  // Each loop's points and box, once (the pairs are many).
  const shapes = loops.map((other) => {
    const us = other.nodes.map((k) => g.u[k]);
    const vs = other.nodes.map((k) => g.v[k]);
    const minU = us.reduce((a, b) => Math.min(a, b), Infinity);
    const maxU = us.reduce((a, b) => Math.max(a, b), -Infinity);
    const minV = vs.reduce((a, b) => Math.min(a, b), Infinity);
    const maxV = vs.reduce((a, b) => Math.max(a, b), -Infinity);
    return { other, us, vs, minU, maxU, minV, maxV, e: scaleOf(minU, minV, maxU, maxV) };
  });
  const result = chains.map((chain): NodeChain => {
    const n = chain.nodes;
    if (!chain.closed) return { nodes: n[0] > n[n.length - 1] ? [...n].reverse() : n, closed: false };
    // The point: the middle of the first segment.
    const qu = (g.u[n[0]] + g.u[n[1]]) / 2;
    const qv = (g.v[n[0]] + g.v[n[1]]) / 2;
    let holders = 0;
    for (const { other, us, vs, minU, maxU, minV, maxV, e } of shapes) {
      if (other === chain) continue;
      // Closed box, refused only by a comparison that holds (so a NaN is never refused).
      if (qu < minU || qu > maxU || qv < minV || qv > maxV) continue;
      // Even-odd crossings of the ray towards +u.
      let odd = false;
      for (let i = 0; i < us.length; i++) {
        const j = (i + us.length - 1) % us.length;
        if (vs[i] > qv === vs[j] > qv) continue;
        const crosses =
          e === 0
            ? qu < us[i] + ((qv - vs[i]) * (us[j] - us[i])) / (vs[j] - vs[i])
            : apart(qu, us[i], e) < (apart(qv, vs[i], e) * apart(us[j], us[i], e)) / apart(vs[j], vs[i], e);
        if (crosses) odd = !odd;
      }
      if (odd) holders++;
    }
    // Twice the signed area, as a fan about the first vertex (at unit size where the loop is far
    // from it: its own shape's scale).
    const e = (shapes.find((x) => x.other === chain) as { e: number }).e;
    let area = 0;
    for (let i = 1; i + 1 < n.length; i++) {
      const a = n[i];
      const b = n[i + 1];
      const o = n[0];
      area +=
        apart(g.u[a], g.u[o], e) * apart(g.v[b], g.v[o], e) -
        apart(g.u[b], g.u[o], e) * apart(g.v[a], g.v[o], e);
    }
    const forward = leastRotation(n);
    const backward = leastRotation([...n].reverse());
    const nodes =
      area === 0
        ? compare(forward, backward) <= 0
          ? forward
          : backward
        : area > 0 === (holders % 2 === 0)
          ? forward
          : backward;
    return { nodes, closed: true };
  });
  return result.sort((a, b) => compare(a.nodes, b.nodes) || Number(b.closed) - Number(a.closed));
}

/**
 * A loop's scale, as the rule states it: 0 where its box's extent (or, past float64, its largest
 * coordinate) lies within 2^±400 or is no finite number, else the e that brings it near 1.
 */
function scaleOf(minU: number, minV: number, maxU: number, maxV: number): number {
  let m = Math.max(maxU - minU, maxV - minV);
  if (!(m < Number.POSITIVE_INFINITY)) m = Math.max(-minU, -minV, maxU, maxV);
  if (!(m > 0)) return 0;
  const k = Math.floor(Math.log2(m));
  return (k > -400 && k < 400) || !Number.isFinite(k) ? 0 : -k;
}

/** (a − b) · 2^e: the plain difference at e = 0; scaled first for e < 0, after for e > 0. */
function apart(a: number, b: number, e: number): number {
  if (e === 0) return a - b;
  const f1 = 2 ** (e >> 1);
  const f2 = 2 ** (e - (e >> 1));
  return e < 0 ? a * f1 * f2 - b * f1 * f2 : (a - b) * f1 * f2;
}

function leastRotation(n: number[]): number[] {
  const least = Math.min(...n);
  const rotations = n.flatMap((k, i) => (k === least ? [[...n.slice(i), ...n.slice(0, i)]] : []));
  return rotations.reduce((a, b) => (compare(b, a) < 0 ? b : a));
}

function compare(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}

/** Copies of `shape` moved by each of `moves` (3 numbers a move), in one surface. */
function copies(shape: Surface, moves: number[]): Surface {
  const count = moves.length / 3;
  const nv = shape.vertexCount;
  const positions = new Float64Array(3 * nv * count);
  const indices = new Uint32Array(shape.indices.length * count);
  for (let c = 0; c < count; c++) {
    for (let k = 0; k < 3 * nv; k++) positions[3 * nv * c + k] = shape.positions[k] + moves[3 * c + (k % 3)];
    for (let k = 0; k < shape.indices.length; k++)
      indices[shape.indices.length * c + k] = shape.indices[k] + nv * c;
  }
  return Surface.fromIndexed(positions, indices);
}

/** Surfaces in one. */
function together(parts: Surface[]): Surface {
  const positions: number[] = [];
  const indices: number[] = [];
  for (const p of parts) {
    const base = positions.length / 3;
    positions.push(...p.positions);
    for (const i of p.indices) indices.push(i + base);
  }
  return Surface.fromIndexed(positions, indices);
}

/** The section's chains, canonical by the pass and by the reference; and the slice's curve. */
function bothWays(surface: Surface, axis: 0 | 1 | 2, position: number) {
  const g = sectionGraph(slicePieces(surface.positions, surface.indices, axis, position).view());
  const pass = canonicalChains(g, splitChains(g));
  const reference = referenceChains(g, splitChains(g));
  return { g, pass, reference, curve: sliceSurface(surface, axis, position) };
}

/** The curve's points, loop by loop, from the reference's chains. */
function expectCurveOf(g: SectionGraph, reference: NodeChain[], curve: ReturnType<typeof sliceSurface>) {
  expect(curve.loops.map((l) => [l.size, l.closed])).toEqual(
    reference.map((c) => [c.nodes.length, c.closed]),
  );
  const points = reference.flatMap((c) => c.nodes.flatMap((n) => [g.u[n], g.v[n]]));
  expect(Array.from(curve.positions)).toEqual(points);
}

/** Loops on a grid of few values (ties everywhere), or of any doubles; then a section graph of them. */
function graphOf(
  loops: [number, number][][],
  opens: [number, number][][],
): SectionGraph & { chains: number[][] } {
  const ids = new Map<string, number>();
  const u: number[] = [];
  const v: number[] = [];
  const id = ([pu, pv]: [number, number]) => {
    // Object.is keys: 0 and −0 are two nodes here, as two graphs may hold them.
    const key = `${Object.is(pu, -0) ? '-0' : pu},${Object.is(pv, -0) ? '-0' : pv}`;
    let k = ids.get(key);
    if (k === undefined) {
      k = u.length;
      ids.set(key, k);
      u.push(pu);
      v.push(pv);
    }
    return k;
  };
  const chains = [...loops, ...opens].map((points) => points.map(id));
  return {
    u: Float64Array.from(u),
    v: Float64Array.from(v),
    from: new Uint32Array(0),
    to: new Uint32Array(0),
    chains,
  };
}

const gridValue = fc.integer({ min: 0, max: 12 }).map((k) => k / 2);
const point = (value: fc.Arbitrary<number>) => fc.tuple(value, value);
/** Rectangles (some of zero width), nested sets of them about one centre, and polygons. */
const loopsOf = (value: fc.Arbitrary<number>) =>
  fc
    .array(
      fc.oneof(
        fc
          .tuple(point(value), point(value))
          .map(([[a, b], [c, d]]) => [
            [a, b] as [number, number],
            [c, b] as [number, number],
            [c, d] as [number, number],
            [a, d] as [number, number],
          ]),
        fc
          .tuple(point(value), fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 6 }))
          .map(([[cu, cv], radii]) =>
            radii.map((r) => [
              [cu - r, cv - r] as [number, number],
              [cu + r, cv - r] as [number, number],
              [cu + r, cv + r] as [number, number],
              [cu - r, cv + r] as [number, number],
            ]),
          ),
        fc.array(point(value), { minLength: 3, maxLength: 7 }),
      ),
      { maxLength: 12 },
    )
    .map((shapes) =>
      shapes.flatMap((s) =>
        Array.isArray(s[0][0]) ? (s as [number, number][][]) : [s as [number, number][]],
      ),
    );

/** Loops and open chains, each loop turned to a random start and direction, all in a random order. */
const sections = (value: fc.Arbitrary<number>) =>
  fc
    .record({
      loops: loopsOf(value),
      opens: fc.array(fc.array(point(value), { minLength: 2, maxLength: 4 }), { maxLength: 3 }),
      turns: fc.array(fc.tuple(fc.nat(), fc.boolean()), { minLength: 200, maxLength: 200 }),
      order: fc.array(fc.nat(), { minLength: 200, maxLength: 200 }),
    })
    .map(({ loops, opens, turns, order }) => {
      const { chains, ...g } = graphOf(loops, opens);
      const list: NodeChain[] = chains.map((nodes, i) => {
        const [shift, flip] = turns[i % turns.length];
        const closed = i < loops.length;
        const s = closed ? shift % nodes.length : 0;
        const turned = [...nodes.slice(s), ...nodes.slice(0, s)];
        return { nodes: flip ? turned.reverse() : turned, closed };
      });
      // A shuffle by the drawn keys.
      const keyed = list.map((c, i) => ({ c, k: order[i % order.length] }));
      keyed.sort((a, b) => a.k - b.k);
      return { g: g as SectionGraph, chains: keyed.map((x) => x.c) };
    });

/** Doubles with many ties and the edges of the range: ±0, ±∞, NaN, the largest, the least. */
const anyValue = fc.oneof(
  fc.constantFrom(0, -0, 1, -1, 0.5, 2, 1e308, -1e308, Number.MAX_VALUE, -Number.MAX_VALUE, 5e-324),
  fc.constantFrom(Infinity, -Infinity, Number.NaN),
  fc.double(),
);

describe('the hole rule through the box tree', () => {
  it('20 000 cubes apart, cut through their middles and along their faces: as the reference', () => {
    const moves: number[] = [];
    for (let i = 0; i < 20_000; i++) moves.push(2 * (i % 141), 2 * Math.floor(i / 141), 0);
    const cubes = copies(box(1), moves);
    for (const at of [0.1, -0.5]) {
      const { g, pass, reference, curve } = bothWays(cubes, 2, at);
      expect(pass.length).toBe(20_000);
      expect(pass).toEqual(reference);
      expectCurveOf(g, reference, curve);
    }
  });

  it('300 concentric boxes, towers of nested boxes side by side and cubes between: as the reference', () => {
    const concentric = Array.from({ length: 300 }, (_, k) => box(k + 1));
    // 20 towers of 15 boxes, their centres off the concentric ones' (so loops are in several at once).
    const towers: Surface[] = [];
    for (let t = 0; t < 20; t++) {
      for (let k = 0; k < 15; k++)
        towers.push(box([0.5 + k, 0.5 + k, 0.5 + k]).translate([1000 + 40 * t, 17 * (t % 4), 0.25]));
    }
    const cubes = copies(
      box(0.5),
      Array.from({ length: 200 }, (_, i) => [10.5 + 2 * (i % 10), -3.25 + 2 * Math.floor(i / 10), 0]).flat(),
    );
    const scene = together([...concentric, ...towers, cubes]);
    for (const [axis, at] of [
      [2, 0.1],
      [2, 0.5],
      [2, 3],
      [0, 0.3],
      [1, -7],
    ] as const) {
      const { g, pass, reference, curve } = bothWays(scene, axis, at);
      expect(pass.length).toBeGreaterThan(100);
      expect(pass).toEqual(reference);
      expectCurveOf(g, reference, curve);
    }
  });

  it('random loops on a coarse grid (nested, apart, touching, flat): as the reference', () => {
    fc.assert(
      fc.property(sections(gridValue), ({ g, chains }) => {
        expect(canonicalChains(g, chains)).toEqual(referenceChains(g, chains));
      }),
      { numRuns: 400 },
    );
  });

  it('random loops of any doubles (±0, ±∞, NaN, overflowing middles): as the reference', () => {
    fc.assert(
      fc.property(sections(anyValue), ({ g, chains }) => {
        expect(canonicalChains(g, chains)).toEqual(referenceChains(g, chains));
      }),
      { numRuns: 400 },
    );
  });
});

describe('BoxTree', () => {
  /** The boxes that hold the point, by testing each. */
  function holdersOf(boxes: Float64Array, qu: number, qv: number): number[] {
    const out: number[] = [];
    for (let k = 0; 4 * k < boxes.length; k++) {
      const o = 4 * k;
      if (qu < boxes[o] || qu > boxes[o + 2] || qv < boxes[o + 1] || qv > boxes[o + 3]) continue;
      out.push(k);
    }
    return out;
  }

  const boxList = (value: fc.Arbitrary<number>, maxLength: number) =>
    fc
      .array(fc.tuple(value, value, value, value), { maxLength })
      .map((bs) =>
        Float64Array.from(
          bs.flatMap(([a, b, c, d]) => [Math.min(a, c), Math.min(b, d), Math.max(a, c), Math.max(b, d)]),
        ),
      );

  it('finds the boxes that hold a point, no more, no fewer (borders included, any sizes of tree)', () => {
    fc.assert(
      fc.property(
        fc.oneof(boxList(gridValue, 9), boxList(gridValue, 80), boxList(anyValue, 70)),
        fc.array(point(fc.oneof(gridValue, anyValue)), { minLength: 1, maxLength: 20 }),
        (boxes, points) => {
          const tree = new BoxTree(boxes);
          for (const [qu, qv] of points) {
            const n = tree.holding(qu, qv);
            const found = Array.from(tree.found.subarray(0, n)).sort((a, b) => a - b);
            expect(found).toEqual(holdersOf(boxes, qu, qv));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('no boxes: nothing found; 600 nested boxes: all of them', () => {
    expect(new BoxTree(new Float64Array(0)).holding(0, 0)).toBe(0);
    const nested = new Float64Array(4 * 600);
    for (let k = 0; k < 600; k++) nested.set([-k, -k, k, k], 4 * k);
    const tree = new BoxTree(nested);
    expect(tree.holding(0, 0)).toBe(600);
    expect(tree.holding(599, -599)).toBe(1);
    expect(tree.holding(300.5, 0)).toBe(299);
  });
});
