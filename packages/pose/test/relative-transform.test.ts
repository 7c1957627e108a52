import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { poseFromAxisAngle, relativeTransform } from '../src/index.js';

/** Aᵀ B and Aᵀ (t_B − t_A) by the definition's loops: each entry's sum in the order k = 0, 1, 2. */
function byDefinition(
  A: ArrayLike<number>,
  tA: ArrayLike<number>,
  B: ArrayLike<number>,
  tB: ArrayLike<number>,
) {
  const R: number[] = [];
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) R.push(A[i] * B[j] + A[3 + i] * B[3 + j] + A[6 + i] * B[6 + j]);
  }
  const d = [tB[0] - tA[0], tB[1] - tA[1], tB[2] - tA[2]];
  const t = [0, 1, 2].map((i) => A[i] * d[0] + A[3 + i] * d[1] + A[6 + i] * d[2]);
  return { R, t };
}

describe('relativeTransform', () => {
  it("gives the definition's sums bit for bit, zeros' signs too (rotations, and plain arrays of numbers)", () => {
    // Numbers with all their bits (fast-check's doubles favour exact ones, whose sums no order changes).
    const full = (scale: number) => fc.integer().map((k) => scale * Math.sin(k + 0.5));
    const angle = full(20);
    const coord = full(1e6);
    const unit = full(1);
    const axis = fc.tuple(unit, unit, unit).filter(([x, y, z]) => x * x + y * y + z * z > 1e-6);
    const point = fc.tuple(coord, coord, coord);
    fc.assert(
      fc.property(axis, angle, point, axis, angle, point, (ka, a, ta, kb, b, tb) => {
        const A = poseFromAxisAngle(ka, a, ta);
        const B = poseFromAxisAngle(kb, b, tb);
        const R = new Float64Array(9);
        const t = new Float64Array(3);
        relativeTransform(A, B, R, t);
        const want = byDefinition(A.R, A.t, B.R, B.t);
        expect(Array.from(R)).toEqual(want.R);
        expect(Array.from(t)).toEqual(want.t);
      }),
    );
    const entries = fc.array(full(1e3), { minLength: 9, maxLength: 9 });
    fc.assert(
      fc.property(entries, point, entries, point, (RA, ta, RB, tb) => {
        const R = new Float64Array(9);
        const t = new Float64Array(3);
        relativeTransform({ R: RA, t: ta }, { R: RB, t: tb }, R, t);
        const want = byDefinition(RA, ta, RB, tb);
        expect(Array.from(R)).toEqual(want.R);
        expect(Array.from(t)).toEqual(want.t);
      }),
    );
  });
});
