// Adversarial testing: the adapters passed what three.js or a caller handed them without a look: a
// fractional, NaN or 2^32 index was rounded, zeroed or wrapped by a Uint32Array into another vertex
// (Surface.fromIndexed refuses each), a negative drawRange count threw a RangeError, a pose whose R
// is 2·I became a scaling matrix, and null or {} threw TypeErrors or gave an empty geometry.
import { pointSet } from '@firsttouch/convex';
import { box } from '@firsttouch/mesh';
import { identityPose } from '@firsttouch/pose';
import { BoxGeometry, BufferAttribute, BufferGeometry, Object3D } from 'three';
import { describe, expect, it } from 'vitest';
import {
  geometryFromShape,
  geometryFromSurface,
  poseFromObject3D,
  poseToMatrix4,
  surfaceFromGeometry,
} from '../src/index.js';

const code = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return (e as { code?: string }).code ?? (e as Error).constructor.name;
  }
  return 'none';
};

/** A tetrahedron's geometry with the given index values. */
function tetra(
  index: ArrayLike<number>,
  Kind: Float32ArrayConstructor | Float64ArrayConstructor | Int16ArrayConstructor,
) {
  const g = new BufferGeometry();
  g.setAttribute('position', new BufferAttribute(new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1]), 3));
  g.setIndex(new BufferAttribute(Kind.from(index), 1));
  return g;
}

describe('the adapters refuse what they cannot read', () => {
  it('refuses an index that is not a vertex, as Surface.fromIndexed does', () => {
    expect(code(() => surfaceFromGeometry(tetra([0, 1, 2, 0, 2, 3], Float32Array)))).toBe('none');
    expect(code(() => surfaceFromGeometry(tetra([0, 1.7, 2.2], Float32Array)))).toBe('INDEX_RANGE');
    expect(code(() => surfaceFromGeometry(tetra([Number.NaN, 1, 2], Float32Array)))).toBe('INDEX_RANGE');
    expect(code(() => surfaceFromGeometry(tetra([2 ** 32, 1, 2], Float64Array)))).toBe('INDEX_RANGE');
    expect(code(() => surfaceFromGeometry(tetra([-1, 1, 2], Int16Array)))).toBe('INDEX_RANGE');
    expect(() => surfaceFromGeometry(tetra([-1, 1, 2], Int16Array))).toThrow(/index 0 is -1/);
  });

  it('refuses a drawRange that is not a whole start and count', () => {
    for (const [start, count] of [
      [1.5, 3],
      [0, -3],
      [-3, 3],
      [0, Number.NaN],
    ]) {
      const g = new BoxGeometry(1, 1, 1);
      g.setDrawRange(start, count);
      expect(
        code(() => surfaceFromGeometry(g)),
        `${start} ${count}`,
      ).toBe('INVALID_OPTION');
    }
    const whole = new BoxGeometry(1, 1, 1);
    whole.setDrawRange(3, 6);
    expect(surfaceFromGeometry(whole).facetCount).toBe(2);
  });

  it('refuses a geometry whose parts are not three.js parts, by name (no TypeError)', () => {
    const noRange = new BoxGeometry(1, 1, 1);
    (noRange as unknown as { drawRange: unknown }).drawRange = null;
    expect(code(() => surfaceFromGeometry(noRange))).toBe('INVALID_OPTION');
    expect(() => surfaceFromGeometry(noRange)).toThrow(/drawRange must be \{start, count\}, got null/);
    expect(code(() => surfaceFromGeometry({ isBufferGeometry: true } as never))).toBe('INVALID_OPTION');
    const fakePosition = new BufferGeometry();
    fakePosition.setAttribute('position', { itemSize: 3, count: 3 } as never);
    expect(code(() => surfaceFromGeometry(fakePosition))).toBe('INVALID_OPTION');
    const fakeIndex = tetra([0, 1, 2], Float32Array);
    (fakeIndex as unknown as { index: unknown }).index = { count: 3 };
    expect(code(() => surfaceFromGeometry(fakeIndex))).toBe('INVALID_OPTION');
    expect(() => surfaceFromGeometry(fakeIndex)).toThrow(/index must be a three.js buffer attribute/);
  });

  it('refuses a pose that is not one, and values of the wrong kind', () => {
    const scaled = { R: [2, 0, 0, 0, 2, 0, 0, 0, 2], t: [0, 0, 0] };
    for (const bad of [
      null,
      {},
      { R: [1, 2], t: [0] },
      scaled,
      { R: Array(9).fill(Number.NaN), t: [0, 0, 0] },
    ])
      expect(code(() => poseToMatrix4(bad as never))).toBe('INVALID_POSE');
    expect(code(() => poseToMatrix4(identityPose(), {} as never))).toBe('INVALID_OPTION');
    for (const bad of [null, {}, 3])
      expect(code(() => poseFromObject3D(bad as never))).toBe('INVALID_OPTION');
    expect(code(() => poseFromObject3D(new Object3D(), {} as never))).toBe('INVALID_OPTION');
    expect(code(() => surfaceFromGeometry(null as never))).toBe('INVALID_OPTION');
    expect(code(() => geometryFromSurface(null as never))).toBe('INVALID_OPTION');
    expect(code(() => geometryFromSurface({} as never))).toBe('INVALID_OPTION');
    expect(geometryFromSurface(box(1)).getAttribute('position').count).toBe(36);
  });

  it('draws a point set that keeps no facets by its hull', () => {
    const corners = [0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0, 0, 0, 1, 1, 0, 1, 0, 1, 1, 1, 1, 1];
    const g = geometryFromShape(pointSet(corners));
    expect(g.getAttribute('position').count).toBe(36);
    expect(code(() => geometryFromShape(pointSet([0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0])))).toBe(
      'INVALID_OPTION',
    );
  });
});
