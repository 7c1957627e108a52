import { type FileData, toBytes } from '../input.js';
import { byteOrderMarks } from '../text/scanner.js';
import { claimedFacetCount, FACET_BYTES, PREAMBLE_BYTES } from './binary.js';
import type { StlFormat } from './types.js';

/**
 * The encoding of STL data, decided by content as {@link readStl} does with `format: 'auto'`. Data
 * that does not begin with `solid` (after white space, in any case) is binary. Data that does is
 * binary when its size is exactly `84 + 50 n` for the facet count `n` its header claims (many
 * exporters write "solid" into binary headers), and ASCII otherwise. Text cannot be mistaken: its
 * byte 83, the high byte of the count, is a character (9 or more), which makes the size a binary
 * file would need over 7 GB. A string is text: ASCII.
 *
 * @throws `FirstTouchError` `INVALID_OPTION` when `data` is not bytes or text.
 * @example
 * ```ts
 * import { detectStlFormat } from '@firsttouch/io';
 * const header = new Uint8Array(84);
 * header.set(new TextEncoder().encode('solid exported by a CAD program'));
 * console.log(detectStlFormat(header), detectStlFormat('  SOLID cube\n')); // binary ascii
 * ```
 */
export function detectStlFormat(data: FileData): StlFormat {
  if (typeof data === 'string') return 'ascii';
  const bytes = toBytes(data, 'detectStlFormat');
  return beginsWithSolid(bytes) && !hasBinarySize(bytes) ? 'ascii' : 'binary';
}

/** Whether the size is exactly that of a binary file with the facet count of its header. */
export function hasBinarySize(bytes: Uint8Array): boolean {
  const count = claimedFacetCount(bytes);
  return count >= 0 && bytes.length === PREAMBLE_BYTES + FACET_BYTES * count;
}

/** Whether `bytes` begin, after byte order marks and white space, with `solid` in any case. */
export function beginsWithSolid(bytes: Uint8Array): boolean {
  let p = byteOrderMarks(bytes);
  while (p < bytes.length && (bytes[p] === 32 || (bytes[p] >= 9 && bytes[p] <= 13))) p++;
  const word = 'solid';
  if (bytes.length - p < word.length) return false;
  for (let i = 0; i < word.length; i++) {
    if ((bytes[p + i] | 0x20) !== word.charCodeAt(i)) return false;
  }
  return true;
}
