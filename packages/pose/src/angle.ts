// One rotation, many angles: what makes two 2-D angles safe to subtract.

const FOUR_PI = 4 * Math.PI;

/**
 * Wraps an angle into (−π, π]: the same rotation, to within an ulp or two of π.
 *
 * @example
 * ```ts
 * import { wrapAngle } from '@firsttouch/pose';
 * console.log(wrapAngle(-Math.PI) === Math.PI, wrapAngle(3 * Math.PI / 2).toFixed(4)); // true '-1.5708'
 * ```
 */
export function wrapAngle(angle: number): number {
  // Already wrapped: the arithmetic below would return it unchanged (zero aside, whose sign it drops).
  if (angle > -Math.PI && angle <= Math.PI && angle !== 0) return angle;
  const TWO_PI = 2 * Math.PI;
  // Within two turns, subtracting one or two turns is exact (Sterbenz; 2·TWO_PI is exact), so the
  // only error is TWO_PI's own (2.4e-16 a turn). Beyond, a − 2π·round(a / 2π) would round the
  // product to an ulp of a (1.2e-10 rad at 1e6): sin and cos reduce their argument exactly instead.
  let a =
    Math.abs(angle) <= 2 * TWO_PI
      ? angle - TWO_PI * Math.round(angle / TWO_PI)
      : Math.atan2(Math.sin(angle), Math.cos(angle));
  if (a <= -Math.PI) a += TWO_PI;
  else if (a > Math.PI) a -= TWO_PI;
  return a > Math.PI ? Math.PI : a <= -Math.PI ? Math.PI : a;
}

/**
 * An angle of the same rotation as `angle` whose differences with other such angles keep their
 * accuracy: `angle` itself when |angle| ≤ 4π, else {@link wrapAngle}`(angle)`. Subtract two 2-D
 * angles through it: `1e17 − 0.3` is `1e17` in float64 (the 0.3 is lost), while
 * `reduceAngle(1e17) − 0.3` turns by what the two rotations differ by. Angles up to 4π are kept as
 * they are, so that the common case is bit for bit the plain difference.
 *
 * @example
 * ```ts
 * import { reduceAngle } from '@firsttouch/pose';
 * const big = 1e17;
 * const turn = 0.3 - reduceAngle(big); // B at 0.3 seen from A at 1e17
 * const exact = Math.atan2(Math.sin(0.3) * Math.cos(big) - Math.cos(0.3) * Math.sin(big), Math.cos(0.3) * Math.cos(big) + Math.sin(0.3) * Math.sin(big));
 * console.log(reduceAngle(2), Math.abs(Math.cos(turn) - Math.cos(exact)) < 1e-15); // 2 true
 * ```
 */
export function reduceAngle(angle: number): number {
  return angle <= FOUR_PI && angle >= -FOUR_PI ? angle : wrapAngle(angle);
}
