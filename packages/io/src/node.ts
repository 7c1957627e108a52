// Node's types for this entry point only: core code compiles without them, so it cannot use Node.
/// <reference types="node" preserve="true" />
/**
 * Node-only helpers of `@firsttouch/io`: reading and writing files. The core package
 * (`@firsttouch/io`) works on bytes in memory and runs in the browser too.
 *
 * @packageDocumentation
 */
import { writeFile } from 'node:fs/promises';
import type { Surface } from '@firsttouch/mesh';
import { checkPath, type FileReadOptions, readFileBytes } from './node/file-bytes.js';
import { type ObjReadResult, readObj } from './obj/read.js';
import { type ObjWriteOptions, writeObj } from './obj/write.js';
import { choice, optionsObject } from './options.js';
import { readStl, STL_FORMATS } from './stl/read.js';
import type { StlReadOptions, StlReadResult, StlWriteOptions } from './stl/types.js';
import { writeStl } from './stl/write.js';

export {
  DEFAULT_MAX_FILE_BYTES,
  DEFAULT_MAX_STREAM_BYTES,
  type FileReadOptions,
  readFileBytes,
  readFileBytesSync,
} from './node/file-bytes.js';

/**
 * Reads an STL file (see {@link readStl}). The file is read whole into one buffer, which the reader
 * parses in place: a binary file of a million facets (50 MB) needs that buffer, a float32 copy of its
 * coordinates while the surface is built, and the surface. The read is bounded by `maxBytes` (by
 * default 1 GiB for a regular file, 256 MiB for a pipe or device; see {@link readFileBytes}), so
 * `/dev/zero` or an endless pipe is refused, not read forever.
 *
 * @throws `FirstTouchError` as {@link readStl} and {@link readFileBytes} (`INVALID_OPTION` for a
 *   path that is not a string or a URL, `FILE_TOO_LARGE` past `maxBytes`); the file system's own
 *   errors (a missing file) are passed on as they are.
 * @example
 * ```ts
 * import { mkdtempSync } from 'node:fs';
 * import { tmpdir } from 'node:os';
 * import { join } from 'node:path';
 * import { box } from '@firsttouch/mesh';
 * import { readStlFile, writeStlFile } from '@firsttouch/io/node';
 * const path = join(mkdtempSync(join(tmpdir(), 'io-')), 'cube.stl');
 * await writeStlFile(path, box(1), { name: 'cube' });
 * const { name, surface } = await readStlFile(path);
 * console.log(name, surface.facetCount); // cube 12
 * ```
 */
export async function readStlFile(
  path: string | URL,
  options?: StlReadOptions & FileReadOptions,
): Promise<StlReadResult> {
  // the format checked before the file is read (a typo cost a whole read, and a missing file
  // answered ENOENT instead of the option's error)
  choice(optionsObject(options, 'readStlFile'), 'format', STL_FORMATS, 'auto', 'readStlFile');
  return readStl(await readFileBytes(path, options, 'readStlFile'), options);
}

/**
 * Writes `surface` to an STL file (see {@link writeStl}: binary by default).
 *
 * @throws `FirstTouchError` as {@link writeStl}, `INVALID_OPTION` for a path the readers refuse
 *   (see {@link readFileBytes}); file system errors are passed on.
 * @example
 * ```ts
 * import { mkdtempSync, statSync } from 'node:fs';
 * import { tmpdir } from 'node:os';
 * import { join } from 'node:path';
 * import { icosphere } from '@firsttouch/mesh';
 * import { writeStlFile } from '@firsttouch/io/node';
 * const path = join(mkdtempSync(join(tmpdir(), 'io-')), 'ball.stl');
 * await writeStlFile(path, icosphere(1, 2));
 * console.log(statSync(path).size); // 16084
 * ```
 */
export async function writeStlFile(
  path: string | URL,
  surface: Surface,
  options?: StlWriteOptions,
): Promise<void> {
  // (the readers' path rules: Node's own TypeErrors otherwise, and only after the file is encoded)
  const file = checkPath(path, 'writeStlFile');
  await writeFile(file, writeStl(surface, options));
}

/**
 * Reads a Wavefront OBJ file (see {@link readObj}), bounded by `maxBytes` as {@link readStlFile}.
 *
 * @throws `FirstTouchError` as {@link readObj} and {@link readFileBytes}; file system errors are
 *   passed on.
 * @example
 * ```ts
 * import { mkdtempSync, writeFileSync } from 'node:fs';
 * import { tmpdir } from 'node:os';
 * import { join } from 'node:path';
 * import { readObjFile } from '@firsttouch/io/node';
 * const path = join(mkdtempSync(join(tmpdir(), 'io-')), 'tri.obj');
 * writeFileSync(path, 'v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n');
 * console.log((await readObjFile(path)).surface.facetCount); // 1
 * ```
 */
export async function readObjFile(path: string | URL, options?: FileReadOptions): Promise<ObjReadResult> {
  return readObj(await readFileBytes(path, options, 'readObjFile'));
}

/**
 * Writes `surface` to a Wavefront OBJ file (see {@link writeObj}).
 *
 * @throws `FirstTouchError` as {@link writeObj}, `INVALID_OPTION` for a path the readers refuse
 *   (see {@link readFileBytes}); file system errors are passed on.
 * @example
 * ```ts
 * import { mkdtempSync, readFileSync } from 'node:fs';
 * import { tmpdir } from 'node:os';
 * import { join } from 'node:path';
 * import { box } from '@firsttouch/mesh';
 * import { writeObjFile } from '@firsttouch/io/node';
 * const path = join(mkdtempSync(join(tmpdir(), 'io-')), 'cube.obj');
 * await writeObjFile(path, box(1), { name: 'cube' });
 * console.log(readFileSync(path, 'utf8').split('\n')[0]); // o cube
 * ```
 */
export async function writeObjFile(
  path: string | URL,
  surface: Surface,
  options?: ObjWriteOptions,
): Promise<void> {
  const file = checkPath(path, 'writeObjFile');
  await writeFile(file, writeObj(surface, options));
}
