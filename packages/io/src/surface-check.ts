import { Surface } from '@firsttouch/mesh';
import { describeValue, FirstTouchError } from '@firsttouch/pose';

/**
 * Checks that `surface` is a `Surface` by the package's brand (`Surface.isSurface`), not by
 * `instanceof`: two copies of the mesh package (a bundle and a test, say) make two classes, and a
 * surface from either is as good.
 *
 * @throws `FirstTouchError` `INVALID_OPTION` when it is not a surface, `EMPTY` when `nonEmpty`
 *   and it has no facets (a file without facets would not read back).
 */
export function assertSurface(surface: unknown, where: string, nonEmpty = true): asserts surface is Surface {
  if (!Surface.isSurface(surface)) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `${where}: surface must be a Surface, got ${describeValue(surface)}`,
    );
  }
  const s = surface;
  if (nonEmpty && s.facetCount === 0)
    throw new FirstTouchError('EMPTY', `${where}: the surface has no facets`);
}

/**
 * Checks that a surface's arrays still hold what its constructor checked: every coordinate finite
 * and every index a vertex. A `Surface`'s arrays are read-only by contract but plain typed arrays,
 * and one written to (or transferred away) after it was built wrote `vertex NaN` or `undefined`
 * coordinates and faces of missing vertices, files that do not read back. One pass before a writer
 * formats anything (the numbers' formatting costs far more).
 *
 * @throws `FirstTouchError` `NON_FINITE` naming the vertex, `INDEX_RANGE` naming the facet.
 */
export function assertIntact(surface: Surface, where: string): void {
  const { positions, indices } = surface;
  const vertices = Math.floor(positions.length / 3);
  for (let i = 0; i < 3 * vertices; i++) {
    const x = positions[i];
    if (x - x !== 0) {
      throw new FirstTouchError(
        'NON_FINITE',
        `${where}: vertex ${Math.floor(i / 3)} has coordinate ${'xyz'[i % 3]} = ${x}: the surface's arrays were changed after it was built`,
      );
    }
  }
  for (let k = 0; k < indices.length; k++) {
    if (!(indices[k] < vertices)) {
      throw new FirstTouchError(
        'INDEX_RANGE',
        `${where}: facet ${Math.floor(k / 3)} refers to vertex ${indices[k]}, but the surface holds ${vertices}: its arrays were changed after it was built`,
      );
    }
  }
}
