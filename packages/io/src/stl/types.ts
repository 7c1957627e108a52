import type { Surface } from '@firsttouch/mesh';

/**
 * The two encodings of STL: `'ascii'` (text, any precision) and `'binary'` (80-byte header, a
 * facet count, 50 bytes a facet with float32 coordinates).
 *
 * @example
 * ```ts
 * import { box } from '@firsttouch/mesh';
 * import { type StlFormat, readStl, writeStl } from '@firsttouch/io';
 * const format: StlFormat = 'ascii';
 * console.log(readStl(writeStl(box(1), { format })).format); // ascii
 * ```
 */
export type StlFormat = 'ascii' | 'binary';

/**
 * Options of {@link readStl}.
 *
 * @example
 * ```ts
 * import { type StlReadOptions, readStl } from '@firsttouch/io';
 * const options: StlReadOptions = { format: 'ascii' };
 * const text = 'solid a facet normal 0 0 0 outer loop vertex 0 0 0 vertex 1 0 0 vertex 0 1 0 endloop endfacet endsolid a';
 * console.log(readStl(text, options).name); // a
 * ```
 */
export interface StlReadOptions {
  /**
   * `'auto'` (default) decides by content: data that does not begin with `solid` (after white
   * space, in any case) is binary; data that does is binary when its size is exactly `84 + 50 n`
   * for the facet count `n` of its header (many exporters write "solid" into binary headers), and
   * ASCII otherwise. Text given as a string is always ASCII.
   */
  format?: 'auto' | 'ascii' | 'binary';
}

/**
 * One `solid ... endsolid` block of an ASCII file (a binary file is one solid): its name and its
 * facets, `firstFacet .. firstFacet + facetCount − 1` of the surface.
 *
 * @example
 * ```ts
 * import { readStl } from '@firsttouch/io';
 * const tri = 'facet normal 0 0 0 outer loop vertex 0 0 0 vertex 1 0 0 vertex 0 1 0 endloop endfacet';
 * const { solids } = readStl(`solid a\n${tri}\nendsolid a\nsolid b\n${tri}\n${tri}\nendsolid b\n`);
 * console.log(solids[1]); // { name: 'b', firstFacet: 1, facetCount: 2 }
 * ```
 */
export interface StlSolid {
  /** The words after `solid` on its line (trimmed), `''` when there are none. */
  name: string;
  /** Index of the solid's first facet in the surface. */
  firstFacet: number;
  /** Number of facets of the solid (at least 1: an empty solid is an error). */
  facetCount: number;
}

/**
 * What {@link readStl} returns.
 *
 * @example
 * ```ts
 * import { box } from '@firsttouch/mesh';
 * import { readStl, writeStl } from '@firsttouch/io';
 * const r = readStl(writeStl(box(1), { name: 'cube' }));
 * console.log(r.format, r.name, r.header.length, r.surface.facetCount); // binary cube 80 12
 * ```
 */
export interface StlReadResult {
  /** All facets of all solids, in file order: facet `i` is the `i`-th facet of the file. */
  surface: Surface;
  /** The name of the first solid (ASCII), or the header text up to its first zero byte (binary). */
  name: string;
  /** The 80 header bytes of a binary file (a copy); empty for ASCII. */
  header: Uint8Array;
  /** The solids in file order (one for a binary file). */
  solids: StlSolid[];
  /** The encoding that was read. */
  format: StlFormat;
}

/**
 * Options of {@link writeStl}.
 *
 * @example
 * ```ts
 * import { box } from '@firsttouch/mesh';
 * import { type StlWriteOptions, writeStl } from '@firsttouch/io';
 * const options: StlWriteOptions = { format: 'binary', name: 'pebble' };
 * console.log(writeStl(box(0.04, 2), options).length); // 2484
 * ```
 */
export interface StlWriteOptions {
  /** `'binary'` (default: compact, float32) or `'ascii'` (exact: every float64 reads back). */
  format?: StlFormat;
  /**
   * The solid's name (default `''`). ASCII: it may not hold a line break or the word `facet` or
   * `endsolid`, which would end it on reading. Binary: its UTF-8 bytes start the 80-byte header,
   * cut at 80 bytes on a character boundary.
   */
  name?: string;
}
