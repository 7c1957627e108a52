// A body from an STL file the user picks: the bytes go to @firsttouch/io's readStl, which runs in the
// browser (bytes in memory, no file system). Its errors name the place in the file: shown as they are.
import { readStl } from '@firsttouch/io';
import type { Body } from './bodies.js';

export async function bodyFromStlFile(file: File): Promise<Body> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const { surface, format } = readStl(bytes);
  return { name: `${file.name} (${format} STL)`, surface };
}
