// A body from a file the user picks, STL or OBJ (by the `.obj` extension, as the command-line tool
// decides): the bytes go to @firsttouch/io's readers, which run in the browser (bytes in memory, no
// file system). Their errors name the place in the file: shown as they are.
import { readObj, readStl } from '@firsttouch/io';
import type { Body } from './bodies.js';

export async function bodyFromFile(file: File): Promise<Body> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (/\.obj$/i.test(file.name)) return { name: `${file.name} (OBJ)`, body: readObj(bytes).surface };
  const { surface, format } = readStl(bytes);
  return { name: `${file.name} (${format} STL)`, body: surface };
}
