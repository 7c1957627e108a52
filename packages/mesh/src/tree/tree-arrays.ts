import { inSharedMemory } from '@firsttouch/convex/internal';
import { sharedArrays } from '../util/shared-arrays.js';

/**
 * The output arrays of a tree build: `order`, `child`, `count`, `boxes`, each its own zeroed
 * array, or all in one `SharedArrayBuffer` when `shared` (by default, when the body's `positions`
 * are in shared memory).
 */
export function treeArrays(
  n: number,
  nodeCount: number,
  dim: 2 | 3,
  shared: boolean | undefined,
  positions: Float64Array,
): [Uint32Array, Uint32Array, Uint8Array, Float32Array] {
  if (shared ?? inSharedMemory(positions)) {
    return sharedArrays([
      [Uint32Array, n],
      [Uint32Array, nodeCount],
      [Uint8Array, nodeCount],
      [Float32Array, nodeCount * 2 * dim],
    ]) as [Uint32Array, Uint32Array, Uint8Array, Float32Array];
  }
  return [
    new Uint32Array(n),
    new Uint32Array(nodeCount),
    new Uint8Array(nodeCount),
    new Float32Array(nodeCount * 2 * dim),
  ];
}
