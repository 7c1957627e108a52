import type { Surface } from '@firsttouch/mesh';
import { FirstTouchError } from '@firsttouch/pose';
import { ByteWriter } from '../growable.js';
import { encodeUtf8 } from '../input.js';
import { optionsObject, stringOption } from '../options.js';
import { assertIntact, assertSurface } from '../surface-check.js';
import { formatNumber } from '../text/format-number.js';
import { MAX_NAME_BYTES } from '../text/limits.js';

/**
 * Options of {@link writeObj}.
 *
 * @example
 * ```ts
 * import { box } from '@firsttouch/mesh';
 * import { type ObjWriteOptions, readObj, writeObj } from '@firsttouch/io';
 * const options: ObjWriteOptions = { name: 'crate' };
 * console.log(readObj(writeObj(box(1), options)).name); // crate
 * ```
 */
export interface ObjWriteOptions {
  /** Written as an `o` statement when not empty; it may not hold a line break. */
  name?: string;
}

/**
 * The bytes of a Wavefront OBJ file of `surface`: every vertex as `v x y z` (in order, used or not),
 * every facet as `f a b c` (1-based), LF line endings. Numbers are written in the shortest form that
 * reads back as the same float64, so `readObj(writeObj(s))` has the same positions and indices, bit
 * for bit.
 *
 * @throws `FirstTouchError` `INVALID_OPTION` for a bad surface or a name that would not read back
 *   as written (a line break, a `#`, a trailing backslash, white space around it), `EMPTY` for a surface
 *   without facets, `NON_FINITE` or `INDEX_RANGE` for a surface whose arrays were changed after it
 *   was built.
 * @example
 * ```ts
 * import { Surface } from '@firsttouch/mesh';
 * import { writeObj } from '@firsttouch/io';
 * const s = Surface.fromIndexed([0, 0, 0, 1, 0, 0, 0, 1, 0], [0, 1, 2]);
 * const text = new TextDecoder().decode(writeObj(s, { name: 'tri' }));
 * console.log(JSON.stringify(text)); // "o tri\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n"
 * ```
 */
export function writeObj(surface: Surface, options?: ObjWriteOptions): Uint8Array {
  assertSurface(surface, 'writeObj');
  assertIntact(surface, 'writeObj');
  const name = stringOption(optionsObject(options, 'writeObj'), 'name', 'writeObj');
  if (/[\n\r]/.test(name)) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `writeObj: the name may not hold a line break, got ${JSON.stringify(name.slice(0, 40))}`,
    );
  }
  // What `readObj` would not read back as written: a `#` starts a comment, a `\` at the end of the
  // line joins the next one (the first vertex was swallowed, every index shifted by one), and the
  // white space around the name is not part of it.
  if (name.includes('#') || name.endsWith('\\') || name !== name.trim()) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `writeObj: the name would not read back as written (a '#', a trailing '\\', or white space around it), got ${JSON.stringify(name.slice(0, 40))}`,
    );
  }
  const nameBytes = encodeUtf8(name);
  if (nameBytes.length > MAX_NAME_BYTES) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `writeObj: the name is ${nameBytes.length} bytes in UTF-8, more than the ${MAX_NAME_BYTES} readObj reads back`,
    );
  }
  const { positions, indices } = surface;
  const w = new ByteWriter(Math.min(1 << 24, 64 + 40 * positions.length + 12 * indices.length));
  if (name !== '') {
    w.ascii('o ');
    w.bytes(nameBytes);
    w.ascii('\n');
  }
  for (let i = 0; i < positions.length; i += 3) {
    w.ascii(
      `v ${formatNumber(positions[i])} ${formatNumber(positions[i + 1])} ${formatNumber(positions[i + 2])}\n`,
    );
  }
  for (let i = 0; i < indices.length; i += 3) {
    w.ascii(`f ${indices[i] + 1} ${indices[i + 1] + 1} ${indices[i + 2] + 1}\n`);
  }
  return w.result();
}
