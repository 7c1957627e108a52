import { FirstTouchError } from '@firsttouch/pose';
import { type FileData, toBytes } from '../input.js';
import { choice, optionsObject } from '../options.js';
import { readAsciiStl } from './ascii-read.js';
import { claimedFacetCount, readBinaryStl } from './binary.js';
import { beginsWithSolid, hasBinarySize } from './detect.js';
import type { StlReadOptions, StlReadResult } from './types.js';

/** The values of `StlReadOptions.format`. */
export const STL_FORMATS = Object.freeze(['auto', 'ascii', 'binary'] as const);

/**
 * Reads an STL file, ASCII or binary, into a `Surface`: facet `i` of the surface is the `i`-th
 * facet of the file, stored normals are ignored. `format: 'auto'` (the default) decides by content
 * (see {@link detectStlFormat}); text given as a string is ASCII. Binary data is checked against its
 * claimed facet count before anything is allocated; parsing runs over typed arrays, with no object
 * per facet, in time linear in the size of the data.
 *
 * @throws `FirstTouchError` `STL_TRUNCATED` for a binary size that disagrees with the facet
 *   count of its header (byte offsets in the message), `STL_SYNTAX` with line and column for broken
 *   ASCII, `NON_FINITE` naming the facet of a NaN or infinite coordinate, `EMPTY` for empty data or
 *   a solid without facets, `INVALID_OPTION` for bad arguments.
 * @example
 * ```ts
 * import { readStl } from '@firsttouch/io';
 * const text = `solid wedge
 *   facet normal 0 0 -1
 *     outer loop
 *       vertex 0 0 0
 *       vertex 0 1 0
 *       vertex 1 0 0
 *     endloop
 *   endfacet
 * endsolid wedge`;
 * const { surface, name, solids } = readStl(text);
 * console.log(name, surface.facetCount, solids.length); // wedge 1 1
 * console.log(Array.from(surface.facet(0))); // [0, 0, 0, 0, 1, 0, 1, 0, 0]
 * ```
 */
export function readStl(data: FileData, options?: StlReadOptions): StlReadResult {
  const opts = optionsObject(options, 'readStl');
  const format = choice(opts, 'format', STL_FORMATS, 'auto', 'readStl');
  if (typeof data === 'string' && format === 'binary') {
    throw new FirstTouchError(
      'INVALID_OPTION',
      'readStl: a string is text; give binary STL as bytes (a Uint8Array or an ArrayBuffer)',
    );
  }
  const bytes = toBytes(data, 'readStl');
  if (bytes.length === 0) throw new FirstTouchError('EMPTY', 'readStl: the data is empty');
  if (format === 'binary') return readBinaryStl(bytes);
  if (format === 'ascii' || typeof data === 'string') return readAsciiStl(bytes);
  if (!beginsWithSolid(bytes))
    return readBinaryStl(bytes, ' (read as binary: the data does not begin with "solid")');
  if (hasBinarySize(bytes)) return readBinaryStl(bytes);
  return readAsciiStl(bytes, binaryHint(bytes));
}

/**
 * A note for ASCII syntax errors when the data looks binary (text never holds a zero byte): it
 * began with "solid", so the size decided, and the size did not match its header.
 */
function binaryHint(bytes: Uint8Array): string {
  if (bytes.subarray(0, 1024).indexOf(0) < 0) return '';
  const count = claimedFacetCount(bytes);
  const claim =
    count < 0
      ? `is shorter than the 84 bytes of a binary header`
      : `is not the 84 + 50 · ${count} bytes its header claims`;
  return ` (the data begins with "solid" but holds zero bytes and ${claim}: a truncated binary file?)`;
}
