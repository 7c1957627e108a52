import { pose2 } from '@firsttouch/pose';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { relativeTransform2 } from '../src/index.js';

describe('relativeTransform2', () => {
  it("A's cos and sin passed in give the numbers it computes itself, bit for bit", () => {
    const angle = fc.double({ min: -20, max: 20, noNaN: true });
    const coord = fc.double({ min: -1e3, max: 1e3, noNaN: true });
    fc.assert(
      fc.property(angle, coord, coord, angle, coord, coord, (a, ax, ay, b, bx, by) => {
        const A = pose2(a, [ax, ay]);
        const B = pose2(b, [bx, by]);
        const own = relativeTransform2(A, B, new Float64Array(4));
        const given = relativeTransform2(A, B, new Float64Array(4), Math.cos(a), Math.sin(a));
        expect(Array.from(given)).toEqual(Array.from(own));
      }),
    );
  });
});
