import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** The npm `bunny` (the Stanford bunny, public domain): a vertex list and a facet list, 0-based. */
export interface BunnyData {
  positions: number[][];
  cells: number[][];
}

let cache: BunnyData | undefined;

/**
 * The npm `bunny`, read from its file rather than imported. The package is one CommonJS file of two
 * array literals; loaded through `tsx` (how the bench runs), its require hook compiles the file with
 * esbuild's synchronous API, which transfers an ArrayBuffer and so detaches one in this process. From
 * then on V8 checks, at every typed-array access of optimised code, that the buffer was not detached
 * (its `ArrayBufferDetaching` protector is gone for the whole process): measured in one process, the
 * 2-D query 1.31× → 1.00–1.03× planck's speed and the bunny pair 189× → 159–177× three-mesh-bvh's
 * (bench README). The bench keeps the default state of a process until Rapier's WebAssembly memory
 * grows (the `convex` scene, run last), and runs the other state with `--detached`. Reading the file
 * and parsing its two literals as JSON touches no ArrayBuffer.
 */
export function bunnyData(): BunnyData {
  if (cache) return cache;
  const file = createRequire(import.meta.url).resolve('bunny');
  const out: Partial<BunnyData> = {};
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const m = /^exports\.(positions|cells)=(.*?);?\s*$/.exec(line);
    if (m) out[m[1] as keyof BunnyData] = JSON.parse(m[2]) as number[][];
  }
  if (!out.positions || !out.cells) throw new Error(`bunnyData: no positions and cells in ${file}`);
  cache = { positions: out.positions, cells: out.cells };
  return cache;
}

/**
 * Detaches an ArrayBuffer (transfers it to a structured clone), as a process that posts buffers to a
 * worker does: V8 then checks every typed-array access against detachment, in every contender.
 * `--detached` runs the scenes in that state.
 */
export function detachOneBuffer(): void {
  const buffer = new ArrayBuffer(8);
  structuredClone(buffer, { transfer: [buffer] });
  if (buffer.byteLength !== 0) throw new Error('detachOneBuffer: the buffer was not detached');
}
