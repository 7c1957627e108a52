// The signs of orient3d and orient2d read from offsets (`orient3dAt`, `orient2dAt`), which settle
// most cases with a float filter before the adaptive predicates: held to the exact sign in BigInts,
// on grid points (many coplanar and collinear ties, where the filter must not decide), on points
// near a common plane or line, and on coordinates near the ends of the float range (where the
// filter's error bound does not hold and the adaptive or integer path must decide).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orient2dAt, orient3dAt } from '../src/internal.js';
import { exactPoints2, exactPoints3, orient2dExact, orient3dExact } from './oracle/exact.js';

/** A coordinate: a small integer (ties), a tilted grid value, or one at an extreme exponent. */
const coord = fc.oneof(
  fc.integer({ min: -3, max: 3 }),
  fc
    .tuple(fc.integer({ min: -40, max: 40 }), fc.integer({ min: -3, max: 3 }))
    .map(([m, e]) => m * 2 ** (e * 17) * 1.0000001),
  fc
    .tuple(fc.integer({ min: -9, max: 9 }), fc.constantFrom(-1074, -1060, -600, 300, 900))
    .map(([m, e]) => m * 2 ** e),
);

/** Four points, the last one sometimes placed on the plane of the first three (by an affine mix). */
const points4 = fc
  .tuple(
    fc.array(coord, { minLength: 12, maxLength: 12 }),
    fc.integer({ min: 0, max: 2 }),
    fc.integer({ min: -4, max: 4 }),
  )
  .map(([xs, mode, w]) => {
    const T = Float64Array.from(xs);
    if (mode === 0) {
      // d = a + w (b − a): on the line AB, so coplanar (often exactly, after rounding sometimes not)
      for (let k = 0; k < 3; k++) T[9 + k] = T[k] + w * (T[3 + k] - T[k]);
    }
    return T;
  });

describe('signs of the orientation predicates from offsets', () => {
  it('orient3dAt is the exact sign (robust-predicates convention: opposite of (b−a)×(c−a)·(d−a))', () => {
    fc.assert(
      fc.property(points4, (T) => {
        const [a, b, c, d] = exactPoints3(T, [0, 3, 6, 9]);
        expect(orient3dAt(T, 0, 3, 6, 9)).toBe(-orient3dExact(a, b, c, d) || 0);
      }),
      { numRuns: 3000 },
    );
  });

  it('orient2dAt is the exact sign in every pair of coordinates (negative when counter-clockwise)', () => {
    fc.assert(
      fc.property(points4, fc.integer({ min: 0, max: 2 }), (T, u) => {
        const v = (u + 1) % 3;
        const P = Float64Array.of(T[u], T[v], T[3 + u], T[3 + v], T[9 + u], T[9 + v]);
        const [a, b, c] = exactPoints2(P, [0, 2, 4]);
        expect(orient2dAt(T, 0, 3, 9, u, v)).toBe(-orient2dExact(a, b, c) || 0);
      }),
      { numRuns: 3000 },
    );
  });

  it('orient3dAt leaves to the exact path a tie whose 2×2 products underflow beside large z (found by fast-check)', () => {
    // Two subnormal products carried by z differences near 1e90: the float determinant is ~1e-233
    // where the true one is 0, and Shewchuk's relative bound alone (no underflow in it) said -1.
    const T = Float64Array.of(
      -6.4758e-319,
      0,
      2.037035976334486e90,
      -6.4758e-319,
      0.00022888185882568362,
      0,
      8.095e-320,
      0,
      0,
      -6.4758e-319,
      -0.00045776371765136723,
      6.111107929003458e90,
    );
    const [a, b, c, d] = exactPoints3(T, [0, 3, 6, 9]);
    expect(orient3dExact(a, b, c, d)).toBe(0);
    expect(orient3dAt(T, 0, 3, 6, 9)).toBe(0);
    // one ulp higher in d's z: off the plane, and the sign is the exact one
    T[11] = 6.111107929003459e90;
    const [a1, b1, c1, d1] = exactPoints3(T, [0, 3, 6, 9]);
    const tilted = orient3dExact(a1, b1, c1, d1);
    expect(tilted).not.toBe(0);
    expect(orient3dAt(T, 0, 3, 6, 9)).toBe(-tilted);
  });

  it('both decide exact ties as 0 and a tilt of one ulp as a side', () => {
    const T = Float64Array.of(0, 0, 0, 1, 0, 0, 0, 1, 0, 0.5, 0.25, 0);
    expect(orient3dAt(T, 0, 3, 6, 9)).toBe(0);
    T[11] = 2 ** -1074;
    expect(orient3dAt(T, 0, 3, 6, 9)).toBe(-1);
    const L = Float64Array.of(0, 0, 0, 1, 3, 0, 2, 6, 0);
    expect(orient2dAt(L, 0, 3, 6, 0, 1)).toBe(0);
    L[7] = 6 + 2 ** -50;
    expect(orient2dAt(L, 0, 3, 6, 0, 1)).toBe(-1);
  });
});
