/**
 * STL (ASCII and binary) and Wavefront OBJ in and out, and slicing a surface into 2-D curves. Runs in
 * Node and in the browser: it reads and writes bytes in memory; `@firsttouch/io/node` adds files.
 * Depends on `@firsttouch/mesh` and `@firsttouch/pose`.
 *
 * @packageDocumentation
 */
export type { FileData } from './input.js';
export { type ObjReadResult, readObj } from './obj/read.js';
export { type ObjWriteOptions, writeObj } from './obj/write.js';
export { sliceSurface } from './slice/slice.js';
export { detectStlFormat } from './stl/detect.js';
export { readStl } from './stl/read.js';
export type {
  StlFormat,
  StlReadOptions,
  StlReadResult,
  StlSolid,
  StlWriteOptions,
} from './stl/types.js';
export { writeStl } from './stl/write.js';
