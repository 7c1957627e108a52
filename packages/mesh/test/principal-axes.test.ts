// The RSS frames' eigenvectors in closed form, against matrices built from known eigenvectors:
// separated eigenvalues give their eigenvectors (up to sign), a double eigenvalue any pair spanning
// its plane, any scale the same axes; the two axes are always unit and square to each other.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { principalAxes } from '../src/index.js';
import { randomUnit, rng } from './helpers.js';

type Vec = [number, number, number];

/** A random rotation's columns (Gram–Schmidt on two random directions). */
function frame(r: () => number): [Vec, Vec, Vec] {
  const e0 = randomUnit(r) as Vec;
  let e1 = randomUnit(r) as Vec;
  const d = e0[0] * e1[0] + e0[1] * e1[1] + e0[2] * e1[2];
  e1 = [e1[0] - d * e0[0], e1[1] - d * e0[1], e1[2] - d * e0[2]];
  const n = Math.hypot(...e1);
  e1 = [e1[0] / n, e1[1] / n, e1[2] / n];
  const e2: Vec = [
    e0[1] * e1[2] - e0[2] * e1[1],
    e0[2] * e1[0] - e0[0] * e1[2],
    e0[0] * e1[1] - e0[1] * e1[0],
  ];
  return [e0, e1, e2];
}

/** Σ l_k e_k e_kᵀ as `xx yy zz xy xz yz`. */
function scatter(e: [Vec, Vec, Vec], l: Vec, scale = 1): Float64Array {
  const m = (i: number, j: number) =>
    scale * (l[0] * e[0][i] * e[0][j] + l[1] * e[1][i] * e[1][j] + l[2] * e[2][i] * e[2][j]);
  return new Float64Array([m(0, 0), m(1, 1), m(2, 2), m(0, 1), m(0, 2), m(1, 2)]);
}

const dot = (o: Float64Array, k: number, v: Vec) => o[k] * v[0] + o[k + 1] * v[1] + o[k + 2] * v[2];

/** Both axes unit and square to each other. */
function orthonormal(o: Float64Array): boolean {
  const n0 = Math.hypot(o[0], o[1], o[2]);
  const n1 = Math.hypot(o[3], o[4], o[5]);
  const d = o[0] * o[3] + o[1] * o[4] + o[2] * o[5];
  return Math.abs(n0 - 1) < 1e-12 && Math.abs(n1 - 1) < 1e-12 && Math.abs(d) < 1e-12;
}

describe('principalAxes', () => {
  it('fast-check: separated eigenvalues give their two leading eigenvectors, at any scale', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.double({ min: 1e-3, max: 1, noNaN: true }),
        fc.double({ min: 1e-3, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.constantFrom(1, 1e-150, 1e150),
        (seed, g1, g2, low, scale) => {
          const e = frame(rng(seed));
          // l1 > l2 > l3 ≥ 0, the gaps at least 1e-3 of the largest
          const l3 = low;
          const l2 = l3 + g2;
          const l1 = l2 + g1;
          const out = new Float64Array(6);
          principalAxes(scatter(e, [l1, l2, l3], scale), 0, out);
          return (
            orthonormal(out) &&
            Math.abs(Math.abs(dot(out, 0, e[0])) - 1) < 1e-9 &&
            Math.abs(Math.abs(dot(out, 3, e[1])) - 1) < 1e-9
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('fast-check: a double eigenvalue gives axes in its plane (or the single one first)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.double({ min: 0, max: 0.99, noNaN: true }),
        (seed, low) => {
          const e = frame(rng(seed));
          const out = new Float64Array(6);
          // a flat patch: two equal leading eigenvalues; the axes span e0, e1 (square to e2)
          principalAxes(scatter(e, [1, 1, low]), 0, out);
          const flat =
            orthonormal(out) && Math.abs(dot(out, 0, e[2])) < 1e-9 && Math.abs(dot(out, 3, e[2])) < 1e-9;
          // a needle: one leading eigenvalue, then a double one; a0 along e0, a1 square to it
          principalAxes(scatter(e, [1, low, low]), 0, out);
          const needle = orthonormal(out) && Math.abs(Math.abs(dot(out, 0, e[0])) - 1) < 1e-9;
          return flat && needle;
        },
      ),
      { numRuns: 200 },
    );
  });

  it('gives the x and y axes for a zero, an isotropic or a non-finite matrix', () => {
    const out = new Float64Array(6);
    for (const m of [
      [0, 0, 0, 0, 0, 0],
      [2, 2, 2, 0, 0, 0],
      [Number.NaN, 1, 1, 0, 0, 0],
      [Number.POSITIVE_INFINITY, 1, 1, 0, 0, 0],
      [5e-324, 0, 0, 0, 0, 0],
    ]) {
      out.fill(7);
      principalAxes(new Float64Array(m), 0, out);
      expect(Array.from(out)).toEqual([1, 0, 0, 0, 1, 0]);
    }
    // a rank-one matrix: its direction, then any square to it
    principalAxes(new Float64Array([1, 1, 0, 1, 0, 0]), 0, out);
    expect(orthonormal(out)).toBe(true);
    expect(Math.abs(out[0] * Math.SQRT1_2 + out[1] * Math.SQRT1_2)).toBeCloseTo(1, 12);
  });

  it('reads the six numbers at the offset given', () => {
    const out = new Float64Array(6);
    const C = new Float64Array([9, 9, 9, 9, 9, 9, 1, 4, 9, 0, 0, 0]);
    principalAxes(C, 6, out);
    expect(Array.from(out, (x) => Math.abs(Math.round(x * 1e12) / 1e12))).toEqual([0, 0, 1, 0, 1, 0]);
  });
});
