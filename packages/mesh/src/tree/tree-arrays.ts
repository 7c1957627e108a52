import { inSharedMemory } from '@firsttouch/convex/internal';
import { sharedArrays } from '../util/shared-arrays.js';

/** A tree build's output arrays, and the keys its splits order. */
export interface BuildArrays {
  readonly order: Uint32Array;
  readonly child: Uint32Array;
  readonly count: Uint8Array;
  readonly boxes: Float32Array;
  /** `dim` numbers an element: over the memory of `boxes` where {@link BuildArrays.keysInBoxes}. */
  readonly key: Float64Array;
  /** The keys share the boxes' memory: they must be done with before the boxes are written. */
  readonly keysInBoxes: boolean;
}

/**
 * The output arrays of a tree build: `order`, `child`, `count`, `boxes`, each its own zeroed
 * array, or all in one `SharedArrayBuffer` when `shared` (by default, when the body's `positions`
 * are in shared memory); and the keys. Where `keysMayShare` (the boxes are written only once the
 * splits are done) and the arrays are not shared, the keys lie in the boxes' own buffer: a tree of
 * leaves of two has about as many nodes as elements, so its float32 boxes (2 · dim a node) take
 * the bytes of its float64 keys (dim an element) but for one key, which the buffer holds beyond the
 * boxes. A build then touches a quarter less fresh memory, whose first writes (a page fault a page)
 * cost more than the build's passes while a process is young (the package's DECISIONS.md).
 */
export function treeArrays(
  n: number,
  nodeCount: number,
  dim: 2 | 3,
  shared: boolean | undefined,
  positions: Float64Array,
  keysMayShare: boolean,
): BuildArrays {
  if (shared ?? inSharedMemory(positions)) {
    const [order, child, count, boxes] = sharedArrays([
      [Uint32Array, n],
      [Uint32Array, nodeCount],
      [Uint8Array, nodeCount],
      [Float32Array, nodeCount * 2 * dim],
    ]) as [Uint32Array, Uint32Array, Uint8Array, Float32Array];
    return { order, child, count, boxes, key: new Float64Array(n * dim), keysInBoxes: false };
  }
  const order = new Uint32Array(n);
  const child = new Uint32Array(nodeCount);
  const count = new Uint8Array(nodeCount);
  const boxBytes = 4 * nodeCount * 2 * dim;
  const keyBytes = 8 * n * dim;
  if (keysMayShare && keyBytes <= boxBytes + 8 * dim) {
    const buffer = new ArrayBuffer(Math.max(boxBytes, keyBytes));
    const boxes = new Float32Array(buffer, 0, nodeCount * 2 * dim);
    return { order, child, count, boxes, key: new Float64Array(buffer, 0, n * dim), keysInBoxes: true };
  }
  const boxes = new Float32Array(nodeCount * 2 * dim);
  return { order, child, count, boxes, key: new Float64Array(n * dim), keysInBoxes: false };
}

/**
 * Zeroes what the keys left in the boxes' buffer beyond the boxes (at most one key), once the boxes
 * are written: the buffer a tree hands out holds its boxes and nothing else.
 */
export function clearBeyondBoxes(boxes: Float32Array): void {
  const buffer = boxes.buffer;
  if (buffer.byteLength > boxes.byteLength) new Uint8Array(buffer, boxes.byteLength).fill(0);
}
