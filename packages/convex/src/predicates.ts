import { orient2d as orient2dFast, orient3d as orient3dFast } from 'robust-predicates';

// Shewchuk's adaptive predicates are exact while no product of coordinate differences underflows or
// overflows. Outside that range (subnormal or enormous coordinates) the sign is computed here in
// exact integer arithmetic instead: every float is m · 2^e, so the determinant of scaled integers
// has the true sign. Inside the range the fast predicate runs alone.
const SMALL = 2 ** -300;
const LARGE = 2 ** 300;

function inRange(x: number): boolean {
  const a = Math.abs(x);
  return a === 0 || (a >= SMALL && a <= LARGE);
}

/**
 * The orientation of the point `d` against the plane through `a`, `b`, `c`: its sign is exact for
 * every finite input (0 when the four points are coplanar); the sign convention is that of
 * robust-predicates' `orient3d` (positive when `d` lies below the plane of the counter-clockwise
 * triangle `a, b, c`). The magnitude is meaningful only as an estimate.
 *
 * @example
 * ```ts
 * import { orient3d } from '@firsttouch/convex';
 * console.log(Math.sign(orient3d(0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 5e-324))); // -1
 * ```
 */
export function orient3d(
  ax: number,
  ay: number,
  az: number,
  bx: number,
  by: number,
  bz: number,
  cx: number,
  cy: number,
  cz: number,
  dx: number,
  dy: number,
  dz: number,
): number {
  if (
    inRange(ax) &&
    inRange(ay) &&
    inRange(az) &&
    inRange(bx) &&
    inRange(by) &&
    inRange(bz) &&
    inRange(cx) &&
    inRange(cy) &&
    inRange(cz) &&
    inRange(dx) &&
    inRange(dy) &&
    inRange(dz)
  ) {
    return orient3dFast(ax, ay, az, bx, by, bz, cx, cy, cz, dx, dy, dz);
  }
  const [Ax, Ay, Az, Bx, By, Bz, Cx, Cy, Cz, Dx, Dy, Dz] = toIntegers([
    ax,
    ay,
    az,
    bx,
    by,
    bz,
    cx,
    cy,
    cz,
    dx,
    dy,
    dz,
  ]);
  const adx = Ax - Dx,
    ady = Ay - Dy,
    adz = Az - Dz;
  const bdx = Bx - Dx,
    bdy = By - Dy,
    bdz = Bz - Dz;
  const cdx = Cx - Dx,
    cdy = Cy - Dy,
    cdz = Cz - Dz;
  const det = adx * (bdy * cdz - bdz * cdy) + bdx * (cdy * adz - cdz * ady) + cdx * (ady * bdz - adz * bdy);
  // the sign convention of robust-predicates (checked against it on random inputs)
  return det > 0n ? 1 : det < 0n ? -1 : 0;
}

/** Shewchuk's first error bound of orient3d, (7 + 56ε)ε. */
const O3D_BOUND = (7 + 56 * 2 ** -53) * 2 ** -53;

/** Twice two underflowed 2×2 products' error (2 · 2 · 2^-1075) with room: 2^-1070. */
const UNDERFLOW = 2 ** -1070;

/**
 * The exact sign of orient3d(P, Q, R, S) for four points at offsets into `T`, as robust-predicates
 * gives it. The float determinant with Shewchuk's error bound settles almost every case, from
 * offsets: no float crosses a call, so nothing is boxed; only an undecided or out-of-range case
 * calls the adaptive predicate. (A float passed to a call that is not inlined is boxed: the 12-number
 * form of {@link orient3d} costs an allocation a coordinate in a hot loop.)
 *
 * @example
 * ```ts
 * import { orient3dAt } from '@firsttouch/convex/internal';
 * const T = Float64Array.of(0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 5e-324);
 * console.log(orient3dAt(T, 0, 3, 6, 9)); // -1
 * ```
 */
export function orient3dAt(T: Float64Array, p: number, q: number, r: number, s: number): number {
  const dx = T[s],
    dy = T[s + 1],
    dz = T[s + 2];
  const adx = T[p] - dx,
    ady = T[p + 1] - dy,
    adz = T[p + 2] - dz;
  const bdx = T[q] - dx,
    bdy = T[q + 1] - dy,
    bdz = T[q + 2] - dz;
  const cdx = T[r] - dx,
    cdy = T[r + 1] - dy,
    cdz = T[r + 2] - dz;
  const bdxcdy = bdx * cdy,
    cdxbdy = cdx * bdy;
  const cdxady = cdx * ady,
    adxcdy = adx * cdy;
  const adxbdy = adx * bdy,
    bdxady = bdx * ady;
  const det = adz * (bdxcdy - cdxbdy) + bdz * (cdxady - adxcdy) + cdz * (adxbdy - bdxady);
  const permanent =
    (Math.abs(bdxcdy) + Math.abs(cdxbdy)) * Math.abs(adz) +
    (Math.abs(cdxady) + Math.abs(adxcdy)) * Math.abs(bdz) +
    (Math.abs(adxbdy) + Math.abs(bdxady)) * Math.abs(cdz);
  if (permanent > 1e-250 && permanent < 1e250) {
    // Shewchuk's bound assumes no product underflows. A 2×2 product can, while the permanent is
    // large (coordinates of 1e-319 beside ones of 1e90): its absolute error, under 2^-1075 each,
    // is then carried by a z difference, so the bound gains that term (with room to spare).
    const bound = O3D_BOUND * permanent + UNDERFLOW * (Math.abs(adz) + Math.abs(bdz) + Math.abs(cdz));
    if (det > bound) return 1;
    if (-det > bound) return -1;
  }
  const o = orient3d(
    T[p],
    T[p + 1],
    T[p + 2],
    T[q],
    T[q + 1],
    T[q + 2],
    T[r],
    T[r + 1],
    T[r + 2],
    dx,
    dy,
    dz,
  );
  return o > 0 ? 1 : o < 0 ? -1 : 0;
}

/**
 * The orientation of the triangle `a, b, c` in the plane: its sign is exact for every finite input
 * (0 when collinear), with robust-predicates' `orient2d` convention (negative when counter-clockwise).
 *
 * @example
 * ```ts
 * import { orient2d } from '@firsttouch/convex';
 * console.log(Math.sign(orient2d(0, 0, 1, 0, 0, 1)), orient2d(0, 0, 5e-324, 0, 1e-323, 0)); // -1 0
 * ```
 */
export function orient2d(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  if (inRange(ax) && inRange(ay) && inRange(bx) && inRange(by) && inRange(cx) && inRange(cy)) {
    return orient2dFast(ax, ay, bx, by, cx, cy);
  }
  const [Ax, Ay, Bx, By, Cx, Cy] = toIntegers([ax, ay, bx, by, cx, cy]);
  const det = (Bx - Ax) * (Cy - Ay) - (By - Ay) * (Cx - Ax);
  return det > 0n ? -1 : det < 0n ? 1 : 0;
}

/** The floats as integers scaled by one common power of two (exact). */
function toIntegers(xs: number[]): bigint[] {
  // (A path for coordinates out of the fast path's range, which allocates anyway.)
  const view = new DataView(new ArrayBuffer(8));
  const parts = xs.map((x) => {
    if (x === 0) return [0n, 0] as const;
    view.setFloat64(0, x);
    const hi = view.getUint32(0);
    const lo = view.getUint32(4);
    const biased = (hi >>> 20) & 0x7ff;
    let m = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
    let e: number;
    if (biased === 0) {
      e = -1074; // subnormal: no hidden bit
    } else {
      m |= 1n << 52n;
      e = biased - 1075;
    }
    return [x < 0 ? -m : m, e] as const;
  });
  let low = 0;
  for (const [m, e] of parts) if (m !== 0n && e < low) low = e;
  return parts.map(([m, e]) => (m === 0n ? 0n : m << BigInt(e - low)));
}

/** Shewchuk's first error bound of orient2d, (3 + 16ε)ε. */
const O2D_BOUND = (3 + 16 * 2 ** -53) * 2 ** -53;

/**
 * The exact sign of {@link orient2d} for the points at offsets `a`, `b`, `c` into `X`, read in their
 * coordinates `u` and `v` (e.g. 0 and 1 for x and y): -1, 0 or 1. As {@link orient3dAt}: the float
 * determinant with Shewchuk's error bound settles almost every case with nothing boxed; an undecided
 * or out-of-range case calls the adaptive predicate.
 *
 * @example
 * ```ts
 * import { orient2dAt } from '@firsttouch/convex/internal';
 * const X = Float64Array.of(0, 0, 7, 1, 0, 7, 0, 1, 7);
 * console.log(orient2dAt(X, 0, 3, 6, 0, 1), orient2dAt(X, 0, 3, 6, 1, 2)); // -1 0
 * ```
 */
export function orient2dAt(X: Float64Array, a: number, b: number, c: number, u: number, v: number): number {
  const cx = X[c + u],
    cy = X[c + v];
  // in robust-predicates' order, so that the sign is its sign
  const left = (X[a + v] - cy) * (X[b + u] - cx);
  const right = (X[a + u] - cx) * (X[b + v] - cy);
  const det = left - right;
  const sum = Math.abs(left) + Math.abs(right);
  if (sum > 1e-250 && sum < 1e250) {
    // (an underflowed product's error, under 2^-1075, is far inside this bound: no extra term)
    const bound = O2D_BOUND * sum;
    if (det > bound) return 1;
    if (-det > bound) return -1;
  }
  // Each product with a factor exactly 0 (a float difference is 0 only between equal numbers): the
  // exact determinant is 0 as well (or NaN, which the sign below reads as 0 too). An axis-aligned
  // facet seen along its own plane comes here at every test (a box's facets in its own frame), and
  // the exact stage boxed its six arguments: 0.4 MB a step in a world of 2 000 resting boxes.
  if ((X[a + v] === cy || X[b + u] === cx) && (X[a + u] === cx || X[b + v] === cy)) return 0;
  const o = orient2d(X[a + u], X[a + v], X[b + u], X[b + v], cx, cy);
  return o > 0 ? 1 : o < 0 ? -1 : 0;
}
