import { describeValue, FirstTouchError } from '@firsttouch/pose';

/**
 * The checks of the sorted lists' public calls (`SortedSweep`, `FatBoxes`): the world
 * gives them its own checked boxes, a caller who keeps lists of their own may give anything, and a
 * number of axes of 1e7 made a sweep allocate until the process died.
 */

/** `dim` is 2 or 3, or `INVALID_OPTION` naming `where`. */
export function assertAxes(dim: unknown, where: string): asserts dim is 2 | 3 {
  if (dim !== 2 && dim !== 3)
    throw new FirstTouchError('INVALID_OPTION', `${where}: dim must be 2 or 3, got ${describeValue(dim)}`);
}

/** `k` is the number of one of `count` boxes (an integer in [0, count)), or `INVALID_OPTION`. */
export function assertBox(k: unknown, count: number, where: string): asserts k is number {
  if (!(typeof k === 'number' && Number.isInteger(k) && k >= 0 && k < count))
    throw new FirstTouchError(
      'INVALID_OPTION',
      `${where}: k must be the number of a box held (an integer in [0, ${count})), got ${describeValue(k)}`,
    );
}

/**
 * `boxes` is a Float64Array of `length` numbers (`BAD_LENGTH` otherwise) with no NaN (`NON_FINITE`:
 * a NaN compares false either way, and the lists' order and pairs would silently go wrong; ±∞ is
 * allowed, an unplaced box's ends).
 */
export function assertBoxes(boxes: unknown, length: number, where: string): asserts boxes is Float64Array {
  if (!(boxes instanceof Float64Array) || boxes.length !== length)
    throw new FirstTouchError(
      'BAD_LENGTH',
      `${where}: boxes must be a Float64Array of ${length} numbers, got ${describeValue(boxes)}`,
    );
  for (let i = 0; i < length; i++) {
    if (Number.isNaN(boxes[i])) throw new FirstTouchError('NON_FINITE', `${where}: boxes[${i}] is NaN`);
  }
}
