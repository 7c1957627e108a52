import { Surface } from '@firsttouch/mesh';
import { describeValue, FirstTouchError } from '@firsttouch/pose';
import { BufferAttribute, BufferGeometry } from 'three';

/**
 * A three.js `BufferGeometry` that draws a firsttouch `Surface`: non-indexed, one vertex a facet
 * corner (so flat shading shows the facets as they are), with vertex normals computed. Positions are
 * float32, what WebGL draws; the surface keeps its float64 coordinates for the queries.
 *
 * @throws `FirstTouchError` `INVALID_OPTION` for a value that is not a `Surface`, `NON_FINITE` for a
 *   coordinate past float32's range (about 3.4e38), which would be drawn at infinity (and three.js's
 *   bounding sphere NaN); `writeStl`'s binary format refuses it alike.
 * @example
 * ```ts
 * import { geometryFromSurface } from '@firsttouch/three';
 * import { box } from '@firsttouch/mesh';
 * const geometry = geometryFromSurface(box(1));
 * console.log(geometry.getAttribute('position').count, geometry.index); // 36 null
 * ```
 */
export function geometryFromSurface(surface: Surface): BufferGeometry {
  if (!Surface.isSurface(surface))
    throw new FirstTouchError(
      'INVALID_OPTION',
      `geometryFromSurface: surface must be a Surface, got ${describeValue(surface)}`,
    );
  const xyz = new Float32Array(surface.facetCount * 9);
  const facet = new Float64Array(9);
  for (let i = 0; i < surface.facetCount; i++) xyz.set(surface.facet(i, facet), 9 * i);
  for (let k = 0; k < xyz.length; k++) {
    if (!Number.isFinite(xyz[k]))
      throw new FirstTouchError(
        'NON_FINITE',
        `geometryFromSurface: facet ${Math.floor(k / 9)}, vertex ${Math.floor(k / 3) % 3}: coordinate ${'xyz'[k % 3]} is past float32's range (${surface.facet(Math.floor(k / 9))[k % 9]})`,
      );
  }
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(xyz, 3));
  geometry.computeVertexNormals();
  geometry.computeBoundingSphere();
  return geometry;
}
