import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gridOverlaps } from '../src/grid-pairs.js';
import { Scratch } from '../src/scratch.js';
import { rng } from './helpers.js';

/** All pairs of closed 3-D boxes that overlap, by the double loop, in lexicographic order. */
function allPairs(boxes: Float64Array): string[] {
  const n = boxes.length / 6;
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      let overlap = true;
      for (let a = 0; a < 3; a++) {
        if (boxes[6 * i + 3 + a] < boxes[6 * j + a] || boxes[6 * j + 3 + a] < boxes[6 * i + a])
          overlap = false;
      }
      if (overlap) out.push(`${i},${j}`);
    }
  }
  return out;
}

/** The grid's pairs as `i,j` strings, sorted as `allPairs` lists them; null when it declines. */
function gridPairs(boxes: Float64Array): string[] | null {
  const g = gridOverlaps(boxes, new Scratch());
  if (g === null) return null;
  const out: [number, number][] = [];
  for (let k = 0; k < g.length; k += 2) {
    expect(g[k]).toBeLessThan(g[k + 1]);
    out.push([g[k], g[k + 1]]);
  }
  out.sort((p, q) => p[0] - q[0] || p[1] - q[1]);
  return out.map((p) => `${p[0]},${p[1]}`);
}

describe('gridOverlaps', () => {
  it('equals the all-pairs overlap on boxes of similar sizes (each pair once)', () => {
    let used = 0;
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.array(fc.double({ min: -5, max: 5, noNaN: true }), { minLength: 3, maxLength: 3 }),
            fc.array(fc.double({ min: 0.5, max: 1, noNaN: true }), { minLength: 3, maxLength: 3 }),
          ),
          { minLength: 2, maxLength: 80 },
        ),
        (list) => {
          const boxes = Float64Array.from(list.flatMap(([c, e]) => [...c, ...c.map((x, a) => x + e[a])]));
          const got = gridPairs(boxes);
          // (a few boxes far apart would need many cells a box: the grid declines them)
          if (got === null) return;
          used++;
          expect(got).toEqual(allPairs(boxes));
        },
      ),
      { numRuns: 300 },
    );
    expect(used).toBeGreaterThan(150);
  });

  it('finds boxes that touch across cell boundaries, on a lattice of unit boxes and among 3000 pebbles', () => {
    const lattice: number[] = [];
    for (let i = 0; i < 6; i++)
      for (let j = 0; j < 6; j++) for (let k = 0; k < 6; k++) lattice.push(i, j, k, i + 1, j + 1, k + 1);
    const a = Float64Array.from(lattice);
    expect(gridPairs(a)).toEqual(allPairs(a));
    const r = rng(7);
    const many: number[] = [];
    for (let i = 0; i < 3000; i++) {
      const x = 3 * r();
      const y = 3 * r();
      const z = 3 * r();
      const e = 0.05 + 0.02 * r();
      many.push(x, y, z, x + e, y + e, z + e);
    }
    const b = Float64Array.from(many);
    const got = gridPairs(b);
    expect(got).not.toBeNull();
    expect(got).toEqual(allPairs(b));
    expect(got?.length).toBeGreaterThan(100);
  });

  it('declines boxes of very different sizes, clusters far apart and infinite boxes', () => {
    const huge: number[] = [];
    for (let i = 0; i < 20; i++) huge.push(i, 0, 0, i + 1, 1, 1);
    huge.push(-50, -50, -50, 50, 50, 50);
    expect(gridOverlaps(Float64Array.from(huge), new Scratch())).toBeNull();
    // the same boxes without the huge one: the grid takes them
    expect(gridOverlaps(Float64Array.from(huge.slice(0, -6)), new Scratch())).not.toBeNull();
    const far: number[] = [];
    for (let i = 0; i < 50; i++) far.push(i * 1e-3, 0, 0, i * 1e-3 + 1e-3, 1e-3, 1e-3);
    far.push(1e6, 1e6, 1e6, 1e6 + 1e-3, 1e6 + 1e-3, 1e6 + 1e-3);
    expect(gridOverlaps(Float64Array.from(far), new Scratch())).toBeNull();
    // points (and boxes flat along an axis they spread on) would all share one row of cells
    const points: number[] = [];
    for (let i = 0; i < 50; i++) points.push(i, 2 * i, 3 * i, i, 2 * i, 3 * i);
    expect(gridOverlaps(Float64Array.from(points), new Scratch())).toBeNull();
    const flat: number[] = [];
    for (let i = 0; i < 50; i++) flat.push(i, i, i % 7, i + 1, i + 1, i % 7);
    expect(gridOverlaps(Float64Array.from(flat), new Scratch())).toBeNull();
    // tiny boxes crowded into one cell, large ones around keeping the mean size up
    const r = rng(3);
    const crowded: number[] = [];
    for (let i = 0; i < 1500; i++) {
      const [x, y, z] = [40 * r(), 40 * r(), 40 * r()];
      crowded.push(x, y, z, x + 1, y + 1, z + 1);
    }
    for (let i = 0; i < 500; i++) {
      const [x, y, z] = [0.5 * r(), 0.5 * r(), 0.5 * r()];
      crowded.push(x, y, z, x + 1e-6, y + 1e-6, z + 1e-6);
    }
    expect(gridOverlaps(Float64Array.from(crowded), new Scratch())).toBeNull();
    expect(gridOverlaps(Float64Array.from(crowded.slice(0, 6 * 1500)), new Scratch())).not.toBeNull();
    const inf = Float64Array.from([0, 0, 0, 1, 1, 1, 0, 0, 0, Number.POSITIVE_INFINITY, 1, 1]);
    expect(gridOverlaps(inf, new Scratch())).toBeNull();
  });
});
