import { describeValue, FirstTouchError, isArrayLike } from '@firsttouch/pose';

// A curve's input, checked and copied into its arrays: what Curve.fromChains (and so fromLoops and
// fromPolyline) does before it wraps them (checked before anything is allocated).

/**
 * One chain of a `Curve`: its vertices are `start .. start + size − 1`; a closed chain (a loop)
 * has `size` segments (the last closes it), an open one `size − 1`.
 *
 * @example
 * ```ts
 * import { Curve } from '@firsttouch/mesh';
 * const c = Curve.fromLoops([0, 1, 1, 0], [0, 0, 1, 1], [4]);
 * console.log(c.loops[0]); // { start: 0, size: 4, closed: true, firstSegment: 0 }
 * ```
 */
export interface CurveLoop {
  /** Index of the chain's first vertex. */
  start: number;
  /** Number of vertices. */
  size: number;
  /** A loop (closed) or an open polyline. */
  closed: boolean;
  /** Index of the chain's first segment. */
  firstSegment: number;
}

/**
 * The vertices and chains of a curve from its input, checked: `Curve.fromChains`.
 *
 * @internal
 * @example
 * ```ts
 * import { Curve } from '@firsttouch/mesh';
 * console.log(Curve.fromChains([0, 1, 1], [0, 0, 1], [3], false).segmentCount); // 2
 * ```
 */
export function chainsArrays(
  u: ArrayLike<number>,
  v: ArrayLike<number>,
  sizes: ArrayLike<number>,
  closed: ArrayLike<boolean> | boolean,
): { positions: Float64Array; loops: CurveLoop[] } {
  if (!isArrayLike(u) || !isArrayLike(v) || u.length !== v.length) {
    throw new FirstTouchError('BAD_LENGTH', 'u and v must be arrays of the same length');
  }
  if (
    !isArrayLike(sizes) ||
    (typeof closed !== 'boolean' && (!isArrayLike(closed) || sizes.length !== closed.length))
  ) {
    throw new FirstTouchError(
      'BAD_LENGTH',
      'sizes must be an array, and closed a boolean or an array of the same length',
    );
  }
  const n = u.length;
  const loops: CurveLoop[] = [];
  let start = 0;
  let firstSegment = 0;
  for (let i = 0; i < sizes.length; i++) {
    const size = (sizes as ArrayLike<unknown>)[i];
    if (typeof size !== 'number' || !Number.isInteger(size) || size < 1) {
      throw new FirstTouchError(
        'BAD_LENGTH',
        `chain ${i}: size must be a positive integer, got ${describeValue(size)}`,
      );
    }
    const isClosed = typeof closed === 'boolean' ? closed : Boolean((closed as ArrayLike<unknown>)[i]);
    if (!isClosed && size < 2) {
      throw new FirstTouchError(
        'BAD_LENGTH',
        `chain ${i}: an open chain needs at least 2 vertices, got ${size}`,
      );
    }
    loops.push({ start, size, closed: isClosed, firstSegment });
    start += size;
    firstSegment += isClosed ? size : size - 1;
    // (at once: 3·10⁷ sizes of 1 beside no vertex built a record each, and the heap ran out)
    if (start > n) {
      throw new FirstTouchError(
        'BAD_LENGTH',
        `the chain sizes add up to more than the ${n} vertices (at chain ${i}, ${start})`,
      );
    }
  }
  if (start !== n) {
    throw new FirstTouchError(
      'BAD_LENGTH',
      `the chain sizes add up to ${start} vertices, but there are ${n}`,
    );
  }
  for (let i = 0; i < n; i++) {
    const x = (u as ArrayLike<unknown>)[i];
    const y = (v as ArrayLike<unknown>)[i];
    if (typeof x !== 'number' || !Number.isFinite(x) || typeof y !== 'number' || !Number.isFinite(y)) {
      // Checked before anything is allocated, naming a segment that uses the vertex.
      const chain = loops.find((l) => i >= l.start && i < l.start + l.size);
      const local = chain ? i - chain.start : 0;
      const segs = chain ? (chain.closed ? chain.size : chain.size - 1) : 0;
      const segment = chain ? chain.firstSegment + (local < segs ? local : local - 1) : -1;
      throw new FirstTouchError(
        'NON_FINITE',
        `segment ${segment}, vertex ${i}: (${describeValue(x)}, ${describeValue(y)}) is not a finite point`,
      );
    }
  }
  const positions = new Float64Array(2 * n);
  for (let i = 0; i < n; i++) {
    const x = (u as ArrayLike<unknown>)[i];
    const y = (v as ArrayLike<unknown>)[i];
    // What was checked is what is built: a getter that answered a number to the check above and
    // NaN here put a NaN vertex into the curve.
    if (typeof x !== 'number' || !Number.isFinite(x) || typeof y !== 'number' || !Number.isFinite(y)) {
      throw new FirstTouchError(
        'NON_FINITE',
        `vertex ${i}: (${describeValue(x)}, ${describeValue(y)}) is not a finite point (read again)`,
      );
    }
    positions[2 * i] = x;
    positions[2 * i + 1] = y;
  }
  return { positions, loops };
}
