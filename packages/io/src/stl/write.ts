import type { Surface } from '@firsttouch/mesh';
import { choice, optionsObject, stringOption } from '../options.js';
import { assertIntact, assertSurface } from '../surface-check.js';
import { writeAsciiStl } from './ascii-write.js';
import { writeBinaryStl } from './binary.js';
import type { StlWriteOptions } from './types.js';

/**
 * The bytes of an STL file of `surface`, one solid. Binary (the default) stores float32: every
 * coordinate rounds to the nearest float32, so a binary round trip is exact only for coordinates that
 * are float32 values. ASCII writes every number in the shortest form that reads back as the same
 * float64: its round trip is bit-exact. Normals are computed from the vertices in float64 (unit,
 * right-handed in facet order, for a facet of any size, legs of 1e-300 or 1e308 too; zero only for a
 * degenerate facet).
 *
 * @throws `FirstTouchError` `INVALID_OPTION` for a bad format or name, `NON_FINITE` for a
 *   coordinate beyond the float32 range in binary; `NON_FINITE` or `INDEX_RANGE` for a surface
 *   whose arrays were changed after it was built.
 * @example
 * ```ts
 * import { Surface } from '@firsttouch/mesh';
 * import { readStl, writeStl } from '@firsttouch/io';
 * const s = Surface.fromTriangles([0, 0, 0, 0.1, 0, 0, 0, 0.1, 0]);
 * const ascii = writeStl(s, { format: 'ascii', name: 'tri' });
 * console.log(new TextDecoder().decode(ascii).split('\n')[4]); // vertex 0.1 0 0
 * const binary = writeStl(s);
 * console.log(binary.length, readStl(binary).surface.facet(0)[3]); // 134 0.10000000149011612
 * ```
 */
export function writeStl(surface: Surface, options?: StlWriteOptions): Uint8Array {
  assertSurface(surface, 'writeStl');
  assertIntact(surface, 'writeStl');
  const opts = optionsObject(options, 'writeStl');
  const format = choice(opts, 'format', ['binary', 'ascii'] as const, 'binary', 'writeStl');
  const name = stringOption(opts, 'name', 'writeStl');
  return format === 'ascii' ? writeAsciiStl(surface, name) : writeBinaryStl(surface, name);
}
