import { describeValue, FirstTouchError } from '@firsttouch/pose';
import { Curve } from '../curve.js';
import { positiveFinite } from './shape-args.js';

/**
 * A regular polygon approximating a circle of `radius` about the origin: vertex `i` at angle
 * `2πi / segments`, counter-clockwise, closed.
 *
 * @throws `FirstTouchError` `INVALID_OPTION` for a non-positive radius or fewer than 3 segments.
 * @example
 * ```ts
 * import { disc } from '@firsttouch/mesh';
 * const d = disc(0.03, 32);
 * console.log(d.segmentCount, d.segment(0)[0]); // 32 0.03
 * ```
 */
export function disc(radius = 1, segments = 32): Curve {
  if (!positiveFinite(radius)) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `disc: radius must be positive and finite, got ${describeValue(radius)}`,
    );
  }
  if (!Number.isInteger(segments) || segments < 3 || segments > 1e7) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `disc: segments must be an integer in [3, 1e7], got ${describeValue(segments)}`,
    );
  }
  const u = new Float64Array(segments);
  const v = new Float64Array(segments);
  for (let i = 0; i < segments; i++) {
    const a = (2 * Math.PI * i) / segments;
    u[i] = radius * Math.cos(a);
    v[i] = radius * Math.sin(a);
  }
  return Curve.fromLoops(u, v, [segments]);
}

/**
 * A closed rectangle `width × height` centred on the origin, counter-clockwise from its lower-left
 * corner.
 *
 * @throws `FirstTouchError` `INVALID_OPTION` for a non-positive side.
 * @example
 * ```ts
 * import { rectangle } from '@firsttouch/mesh';
 * console.log(rectangle(2, 1).segment(0)); // [-1, -0.5, 1, -0.5]
 * ```
 */
export function rectangle(width = 1, height = 1): Curve {
  if (!positiveFinite(width) || !positiveFinite(height)) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `rectangle: sides must be positive, got ${describeValue(width)}, ${describeValue(height)}`,
    );
  }
  const w = width / 2;
  const h = height / 2;
  return Curve.fromLoops([-w, w, w, -w], [-h, -h, h, h], [4]);
}
