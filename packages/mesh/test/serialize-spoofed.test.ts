// deserialize against arrays that lie about themselves: a typed array of another kind wearing the
// right `Symbol.toStringTag`, an own `length` or `buffer` defined on an array. Each is refused with
// BAD_DATA or read for what it is; none gives an answer computed from the lie.

import { FirstTouchError, poseFromAxisAngle } from '@firsttouch/pose';
import { describe, expect, it } from 'vitest';
import {
  box,
  deserialize,
  disc,
  icosphere,
  type Surface,
  type SurfaceData,
  serialize,
  surfaceDistance,
} from '../src/index.js';

function tagged<T extends object>(array: T, tag: string): T {
  Object.defineProperty(array, Symbol.toStringTag, { value: tag });
  return array;
}

function badData(f: () => unknown): FirstTouchError {
  try {
    f();
  } catch (e) {
    expect(e, String(e)).toBeInstanceOf(FirstTouchError);
    expect((e as FirstTouchError).code).toBe('BAD_DATA');
    return e as FirstTouchError;
  }
  throw new Error('expected BAD_DATA, nothing was thrown');
}

const poseB = poseFromAxisAngle([0, 0, 1], 0.3, [2.5, 0, 0]);

describe('deserialize reads what an array is, not what it says', () => {
  it('refuses indices of another kind wearing the Uint32Array tag (no tree: the indices alone)', () => {
    // A Float64Array with a −1 or a 0.5 among the indices gave a NaN distance when taken by its tag.
    for (const lie of [-1, 0.5]) {
      const d = structuredClone(serialize(icosphere(1, 2))) as SurfaceData;
      const f = Float64Array.from(d.indices);
      f[0] = lie;
      const data = { ...d, tree: null, indices: tagged(f, 'Uint32Array') };
      expect(badData(() => deserialize(data)).message).toMatch(/indices must be a Uint32Array, got/);
    }
  });

  it('refuses 64-bit integers wearing a 32-bit tag (they threw a TypeError mixing BigInt)', () => {
    const d = structuredClone(serialize(icosphere(1, 1))) as SurfaceData;
    const order = tagged(
      BigUint64Array.from(d.tree!.order, (x) => BigInt(x)),
      'Uint32Array',
    );
    const data = { ...d, tree: { ...d.tree!, order } };
    expect(badData(() => deserialize(data)).message).toMatch(/tree\.order must be a Uint32Array/);
    const indices = tagged(
      BigUint64Array.from(d.indices, (x) => BigInt(x)),
      'Uint32Array',
    );
    badData(() => deserialize({ ...d, tree: null, indices }));
    badData(() => deserialize({ ...d, tree: null, indices }, { check: 'safety' }));
  });

  it('refuses float32 positions wearing the Float64Array tag', () => {
    const d = structuredClone(serialize(box(1, 2))) as SurfaceData;
    const positions = tagged(Float32Array.from(d.positions), 'Float64Array');
    badData(() => deserialize({ ...d, tree: null, positions }));
  });

  it('takes a real array whose tag lies the other way for what it is', () => {
    // a true Uint32Array tagged as something else is still a Uint32Array
    const d = structuredClone(serialize(box(1, 2))) as SurfaceData;
    const indices = tagged(Uint32Array.from(d.indices), 'Float64Array');
    const s = deserialize({ ...d, indices }) as Surface;
    expect(surfaceDistance(s, box(1, 2), { poseB }).distance).toBe(
      surfaceDistance(box(1, 2), box(1, 2), { poseB }).distance,
    );
  });

  it('never reads an own length, buffer or byteOffset defined on an array', () => {
    const cube = box(1, 3);
    const d = structuredClone(serialize(cube)) as SurfaceData;
    // a length that claims more than the array holds would make the checks read past the end
    Object.defineProperty(d.indices, 'length', { value: d.indices.length + 300 });
    Object.defineProperty(d.positions, 'buffer', { value: new ArrayBuffer(8) });
    Object.defineProperty(d.positions, 'byteOffset', { value: 1 });
    const s = deserialize(d) as Surface;
    expect(s.facetCount).toBe(cube.facetCount);
    expect(surfaceDistance(s, cube, { poseB }).distance).toBe(
      surfaceDistance(cube, cube, { poseB }).distance,
    );
  });

  it('refuses a Proxy around a typed array (it is no typed array)', () => {
    const d = structuredClone(serialize(disc(1, 16)));
    const data = { ...d, positions: new Proxy((d as { positions: Float64Array }).positions, {}) };
    badData(() => deserialize(data));
  });

  it('refuses an array whose buffer was transferred away (BAD_DATA, not the TypeError of a view on it)', () => {
    const d = structuredClone(serialize(box(1))) as SurfaceData;
    structuredClone(d.positions.buffer, { transfer: [d.positions.buffer as ArrayBuffer] });
    expect(badData(() => deserialize(d)).message).toMatch(
      /positions is a Float64Array whose buffer was detached/,
    );
  });
});
