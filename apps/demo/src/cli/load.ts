import { readFileSync } from 'node:fs';
import { readObj, readStl } from '@firsttouch/io';
import type { Surface } from '@firsttouch/mesh';
import { FirstTouchError } from '@firsttouch/pose';
import { fitToUnit } from '../scene/bunny.js';
import { InputError } from './usage-error.js';

/** Reads an STL or OBJ file (by extension; anything else is read as STL) into a Surface. */
export function loadSurface(path: string, placement: { center?: boolean; fit?: number } = {}): Surface {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(path);
  } catch (e) {
    const code = (e as { code?: string }).code;
    throw new InputError(
      `${path}: cannot read it (${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'a directory' : (code ?? 'error')})`,
    );
  }
  let surface: Surface;
  try {
    surface = /\.obj$/i.test(path) ? readObj(bytes).surface : readStl(bytes).surface;
  } catch (e) {
    if (e instanceof FirstTouchError) throw new InputError(`${path}: ${e.message} [${e.code}]`);
    throw e;
  }
  if (placement.fit !== undefined) surface = fitToUnit(surface, placement.fit);
  else if (placement.center) {
    const b = surface.bounds();
    surface = surface.translate([
      -(b.min[0] + b.max[0]) / 2,
      -(b.min[1] + b.max[1]) / 2,
      -(b.min[2] + b.max[2]) / 2,
    ]);
  }
  return surface;
}
