import { Surface } from '@firsttouch/mesh';
import { describeValue, FirstTouchError } from '@firsttouch/pose';
import type { BufferAttribute, BufferGeometry, InterleavedBufferAttribute } from 'three';
import { assertThreeKind } from './three-kind.js';

/**
 * The triangles of a three.js `BufferGeometry` as a firsttouch `Surface`, in the geometry's own
 * coordinates (the body frame; place it with {@link poseFromObject3D}). Indexed or not; positions
 * may be interleaved, normalized or half floats: they are read through the attribute's accessors.
 * The triangles are those three.js draws: the geometry's `drawRange` (in indices when indexed, in
 * vertices otherwise) is respected; `groups` only assign materials, and the body is every triangle
 * in the range. Morph targets and skinning are not applied (a rigid body's shape is its base
 * positions).
 *
 * @throws `FirstTouchError` `INVALID_OPTION` for a value that is not a `BufferGeometry` (or whose
 *   position, index or `drawRange` is not what three.js makes), a `drawRange` that is not a whole
 *   start and count ≥ 0, `EMPTY` when the geometry has no
 *   `position` attribute, `BAD_LENGTH` when positions are not 3-vectors or the drawn range is not a
 *   whole number of triangles, `INDEX_RANGE` for an index that is not a vertex's (a fraction, NaN,
 *   negative, past the positions), and as `Surface.fromIndexed` (`NON_FINITE`).
 * @example
 * ```ts
 * import { surfaceFromGeometry } from '@firsttouch/three';
 * import { BoxGeometry } from 'three';
 * const box = new BoxGeometry(2, 1, 1);
 * const surface = surfaceFromGeometry(box);
 * console.log(surface.facetCount, Array.from(surface.bounds().max)); // 12 [1, 0.5, 0.5]
 * console.log(surfaceFromGeometry(box.toNonIndexed()).facetCount); // 12
 * ```
 */
export function surfaceFromGeometry(geometry: BufferGeometry): Surface {
  assertThreeKind(geometry, 'isBufferGeometry', 'geometry', 'a three.js BufferGeometry');
  // (An object that only claims the flag, or a geometry whose parts were replaced by hand, is named
  // here rather than met as a TypeError in the reads below.)
  if (typeof geometry.getAttribute !== 'function')
    throw new FirstTouchError(
      'INVALID_OPTION',
      'geometry: has no getAttribute(): not a three.js BufferGeometry',
    );
  const position = geometry.getAttribute('position') as
    | BufferAttribute
    | InterleavedBufferAttribute
    | undefined;
  if (!position) throw new FirstTouchError('EMPTY', 'geometry: no "position" attribute, so no triangles');
  assertAttribute(position, '"position"');
  if (position.itemSize !== 3) {
    throw new FirstTouchError(
      'BAD_LENGTH',
      `geometry: "position" holds ${position.itemSize}-vectors, not 3-vectors`,
    );
  }
  const index = geometry.index;
  if (index) assertAttribute(index, 'index');
  const total = index ? index.count : position.count;
  const range = geometry.drawRange as { start?: unknown; count?: unknown } | null | undefined;
  if (typeof range !== 'object' || range === null)
    throw new FirstTouchError(
      'INVALID_OPTION',
      `geometry: drawRange must be {start, count}, got ${describeValue(range)}`,
    );
  const from = range.start as number;
  const count = range.count as number;
  if (
    !Number.isInteger(from) ||
    from < 0 ||
    !(count >= 0) ||
    (count !== Infinity && !Number.isInteger(count))
  )
    throw new FirstTouchError(
      'INVALID_OPTION',
      `geometry: drawRange must be a whole start and count ≥ 0, got start ${describeValue(from)}, count ${describeValue(count)}`,
    );
  const start = Math.min(from, total);
  const end = Math.min(start + count, total);
  if ((end - start) % 3 !== 0) {
    throw new FirstTouchError(
      'BAD_LENGTH',
      `geometry: the drawn range holds ${end - start} ${index ? 'indices' : 'vertices'} (from ${start}), not a whole number of triangles`,
    );
  }
  if (!index) return Surface.fromTriangles(positionsOf(position, start, end));
  const indices = new Uint32Array(end - start);
  for (let i = start; i < end; i++) {
    // (read as three reads it, checked before the Uint32Array rounds, wraps or zeroes it: 1.7, 2^32, NaN)
    const v = index.getX(i);
    if (!Number.isInteger(v) || v < 0 || v >= position.count)
      throw new FirstTouchError(
        'INDEX_RANGE',
        `geometry: index ${i} is ${describeValue(v)}, not a vertex (0 to ${position.count - 1})`,
      );
    indices[i - start] = v;
  }
  return Surface.fromIndexed(positionsOf(position, 0, position.count), indices);
}

/** Throws `INVALID_OPTION` unless `a` reads as three.js attributes do: accessors and a whole count. */
function assertAttribute(a: unknown, name: string): void {
  const x = a as Record<string, unknown>;
  if (
    typeof x !== 'object' ||
    typeof x.getX !== 'function' ||
    typeof x.getY !== 'function' ||
    typeof x.getZ !== 'function' ||
    !Number.isInteger(x.count) ||
    (x.count as number) < 0
  )
    throw new FirstTouchError(
      'INVALID_OPTION',
      `geometry: ${name} must be a three.js buffer attribute (getX, getY, getZ and a whole count), got ${describeValue(a)}`,
    );
}

/** The coordinates of vertices [from, to) as flat xyz, read through the attribute's accessors. */
function positionsOf(
  position: BufferAttribute | InterleavedBufferAttribute,
  from: number,
  to: number,
): Float64Array {
  const xyz = new Float64Array(3 * (to - from));
  for (let v = from, k = 0; v < to; v++, k += 3) {
    xyz[k] = position.getX(v);
    xyz[k + 1] = position.getY(v);
    xyz[k + 2] = position.getZ(v);
  }
  return xyz;
}
