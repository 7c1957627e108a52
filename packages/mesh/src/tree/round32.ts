// Outward rounding to float32, for boxes that must contain what they bound whatever the rounding.

/** The smallest normal float32. */
const NORMAL32 = 2 ** -126;
/** The largest finite float32. */
const MAX32 = (2 - 2 ** -23) * 2 ** 127;

/** The largest float32 not above `x`. */
export function roundDown32(x: number): number {
  const f = Math.fround(x);
  const a = Math.abs(f);
  if (a > NORMAL32 && a < MAX32) {
    // g, the float32 below f: the product is exact in float64 and moves f by 1/2 to 1 of a step
    // (3/4 to 3/2 of a step away from 0 when negative, where 1/2 would tie back to f at a power of
    // two), so it rounds to the next float32. Then f or g by arithmetic, not by a branch: which one
    // is a coin toss the processor would mispredict half the time.
    const g = Math.fround(f - a * (2 ** -24 + +(f < 0) * 2 ** -25));
    return f + (g - f) * +(f > x);
  }
  return f <= x ? f : stepDown32(x);
}

/** The smallest float32 not below `x`: {@link roundDown32} mirrored. */
export function roundUp32(x: number): number {
  const f = Math.fround(x);
  const a = Math.abs(f);
  if (a > NORMAL32 && a < MAX32) {
    const g = Math.fround(f + a * (2 ** -24 + +(f > 0) * 2 ** -25));
    return f + (g - f) * +(f < x);
  }
  return f >= x ? f : -stepDown32(-x);
}

/**
 * The float32 below the rounding of `x` to float32, by its bits (zeros, subnormals, infinities: rare
 * enough for arrays of its own).
 */
function stepDown32(x: number): number {
  const f32 = new Float32Array(1);
  const u32 = new Uint32Array(f32.buffer);
  f32[0] = x;
  if (f32[0] === 0) return -1.4e-45;
  u32[0] += f32[0] > 0 ? -1 : 1;
  return f32[0];
}
