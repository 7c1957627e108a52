import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  poseFromAxisAngle,
  poseFromQuaternion,
  quaternionOfPose,
  rotationAxisAngle,
  transformPoint,
} from '../src/index.js';
import { maxAbsDiff, orthonormalError } from './helpers.js';

const coord = fc.double({ min: -3, max: 3, noNaN: true });
const quat = fc.tuple(coord, coord, coord, coord).filter((q) => Math.hypot(...q) > 1e-3);

/** Rotates v by the unit quaternion q = (x, y, z, w): v + 2w (u × v) + 2 u × (u × v). */
function qrot(q: number[], v: number[]): number[] {
  const [x, y, z, w] = q;
  const c1 = [y * v[2] - z * v[1], z * v[0] - x * v[2], x * v[1] - y * v[0]];
  const c2 = [y * c1[2] - z * c1[1], z * c1[0] - x * c1[2], x * c1[1] - y * c1[0]];
  return [0, 1, 2].map((i) => v[i] + 2 * w * c1[i] + 2 * c2[i]);
}

describe('quaternions', () => {
  it('poseFromQuaternion rotates like the quaternion (x, y, z, w order, normalised)', () => {
    fc.assert(
      fc.property(quat, (q) => {
        const n = Math.hypot(...q);
        const u = q.map((c) => c / n);
        const p = poseFromQuaternion(q, [1, -2, 3]);
        expect(orthonormalError(p.R)).toBeLessThan(1e-14);
        const v = [0.4, -1.2, 0.9];
        const expected = qrot(u, v).map((c, i) => c + [1, -2, 3][i]);
        expect(maxAbsDiff(transformPoint(p, v), expected)).toBeLessThan(1e-13);
      }),
    );
  });

  it('quaternionOfPose inverts poseFromQuaternion up to sign, with w ≥ 0', () => {
    fc.assert(
      fc.property(quat, (q) => {
        const n = Math.hypot(...q);
        const u = q.map((c) => c / n);
        const back = quaternionOfPose(poseFromQuaternion(q));
        expect(back[3]).toBeGreaterThanOrEqual(0);
        const sign = u[3] < 0 ? -1 : 1;
        // near w = 0 the sign is free: compare the rotation instead when w is tiny
        if (Math.abs(u[3]) > 1e-6)
          expect(
            maxAbsDiff(
              back,
              u.map((c) => c * sign),
            ),
          ).toBeLessThan(1e-13);
        expect(maxAbsDiff(poseFromQuaternion(back).R, poseFromQuaternion(q).R)).toBeLessThan(1e-13);
      }),
    );
  });

  it('rotationAxisAngle recovers axis and angle in [0, π]', () => {
    const k = new Float64Array(3);
    fc.assert(
      fc.property(
        fc.tuple(coord, coord, coord).filter((v) => Math.hypot(...v) > 1e-2),
        fc.double({ min: 1e-6, max: Math.PI - 1e-6, noNaN: true }),
        (axis, angle) => {
          const theta = rotationAxisAngle(poseFromAxisAngle(axis, angle).R, k);
          expect(theta).toBeCloseTo(angle, 12);
          const n = Math.hypot(...axis);
          expect(
            maxAbsDiff(
              k,
              axis.map((c) => c / n),
            ),
          ).toBeLessThan(1e-9);
        },
      ),
    );
    expect(rotationAxisAngle(poseFromAxisAngle([0, 0, 1], 0).R, k)).toBe(0);
    expect(Array.from(k)).toEqual([1, 0, 0]);
  });

  it('a half turn with no antisymmetric part gets its largest component positive', () => {
    const k = new Float64Array(3);
    // diag(1, −1, −1) exactly: the half turn about x, written without rounding noise
    const theta = rotationAxisAngle([1, 0, 0, 0, -1, 0, 0, 0, -1], k);
    expect(theta).toBe(Math.PI);
    expect(Array.from(k)).toEqual([1, 0, 0]);
    rotationAxisAngle([-1, 0, 0, 0, -1, 0, 0, 0, 1], k);
    expect(Array.from(k)).toEqual([0, 0, 1]);
  });
});
