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
