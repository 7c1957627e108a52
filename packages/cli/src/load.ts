import { readObj, readStl } from '@firsttouch/io';
import { readFileBytesSync } from '@firsttouch/io/node';
import type { Surface } from '@firsttouch/mesh';
import { FirstTouchError } from '@firsttouch/pose';
import { type Placement, placeSurface } from './placement.js';
import { shownName } from './shown-name.js';
import { InputError } from './usage-error.js';

/**
 * Reads an STL or OBJ file (by extension; anything else is read as STL) into a Surface placed as
 * the tool places it: what `firsttouch` computes with, for a script that wants the same bodies.
 *
 * @throws an `Error` whose message names the file and what is wrong with it (the library's
 *   `FirstTouchError` code in brackets), as the tool prints it.
 * @example
 * ```ts
 * import { mkdtempSync, writeFileSync } from 'node:fs';
 * import { tmpdir } from 'node:os';
 * import { join } from 'node:path';
 * import { loadSurface } from '@firsttouch/cli';
 * import { writeStl } from '@firsttouch/io';
 * import { box } from '@firsttouch/mesh';
 * const path = join(mkdtempSync(join(tmpdir(), 'cli-')), 'slab.stl');
 * writeFileSync(path, writeStl(box([4, 2, 1]).translate([5, 5, 5])));
 * const slab = loadSurface(path, { fit: 1 });
 * console.log(slab.facetCount, Array.from(slab.bounds().max)); // 12 [0.5, 0.25, 0.125]
 * ```
 */
export function loadSurface(path: string, placement: Placement = {}): Surface {
  return loadNamed(path, placement, path);
}

/**
 * {@link loadSurface}, its messages naming the file `name` (a scene's body as the scene writes it,
 * relative to the scene). The placement's refusals are named too: a fit that overflows said only
 * `scale(sx) must be a finite number`.
 */
export function loadNamed(path: string, placement: Placement, name: string): Surface {
  const bytes = readBounded(path, name);
  try {
    const surface = /\.obj$/i.test(path) ? readObj(bytes).surface : readStl(bytes).surface;
    return placeSurface(surface, placement);
  } catch (e) {
    if (e instanceof FirstTouchError) throw new InputError(`${shownName(name)}: ${e.message}`, e.code);
    throw e;
  }
}

/**
 * The bytes of `path`, read with io's bound (1 GiB for a regular file, 256 MiB for a pipe or a
 * device such as /dev/zero, which would otherwise be read forever).
 *
 * @throws an {@link InputError} naming the file (as `name`, quoted when it holds a control
 *   character): the file system's refusal, or `FILE_TOO_LARGE`.
 */
export function readBounded(path: string, name: string = path): Uint8Array {
  try {
    return readFileBytesSync(path, {}, 'read');
  } catch (e) {
    if (e instanceof FirstTouchError && e.code === 'FILE_TOO_LARGE') {
      // io says `read: PATH goes on past maxBytes = N bytes (…); raise maxBytes to read it`: the
      // tool has no such option, so it keeps what happened and says the bound is the tool's.
      const what = e.message.replace(`read: ${path} `, '').replace('; raise maxBytes to read it', '');
      throw new InputError(`${shownName(name)}: refused: ${what}, the most the tool reads`, e.code);
    }
    // (any other refusal of io's, a path with a NUL byte say, as io words it)
    if (e instanceof FirstTouchError) throw new InputError(`${shownName(name)}: ${e.message}`, e.code);
    const code = (e as { code?: string }).code;
    // (every branch names the file by shownName: this one, a missing file, printed a scene's
    // `"\u001b[31mred\n.stl"` raw, its colour and its newline reaching the terminal)
    throw new InputError(
      `${shownName(name)}: cannot read it (${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'a directory' : (code ?? 'error')})`,
    );
  }
}
