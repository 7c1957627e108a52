/**
 * The two leading eigenvectors of a symmetric 3 × 3 matrix (a scatter: `xx yy zz xy xz yz` at
 * `C[o..o + 6)`), as unit vectors into `out[0..3)` (the largest eigenvalue's) and `out[3..6)` (the
 * second's), orthogonal to each other. Eigenvalues in closed form (the trigonometric solution of the
 * characteristic cubic), each eigenvector the longest cross product of two rows of A − λI. Where two
 * eigenvalues nearly coincide their eigenvectors are ill-determined but any pair spanning their plane
 * serves: the better separated end (the largest or the smallest eigenvalue) is solved for first and
 * the other axis taken square to it. A zero or isotropic matrix gives the x and y axes.
 *
 * @example
 * ```ts
 * import { principalAxes } from '@firsttouch/mesh';
 * const out = new Float64Array(6);
 * principalAxes(new Float64Array([1, 4, 9, 0, 0, 0]), 0, out); // spread along z, then y
 * console.log(Array.from(out, (x) => Math.abs(Math.round(x)))); // [0, 0, 1, 0, 1, 0]
 * ```
 */
export function principalAxes(C: Float64Array, o: number, out: Float64Array): void {
  let m = 0;
  for (let k = 0; k < 6; k++) {
    const x = Math.abs(C[o + k]);
    if (x > m) m = x;
  }
  const inv = 1 / m;
  if (!(m > 0) || !(inv < Number.POSITIVE_INFINITY)) {
    axes(out);
    return;
  }
  // Scaled to entries of at most 1: no square overflows or underflows below.
  const a00 = C[o] * inv,
    a11 = C[o + 1] * inv,
    a22 = C[o + 2] * inv,
    a01 = C[o + 3] * inv,
    a02 = C[o + 4] * inv,
    a12 = C[o + 5] * inv;
  const q = (a00 + a11 + a22) / 3;
  const b00 = a00 - q,
    b11 = a11 - q,
    b22 = a22 - q;
  const p2 = b00 * b00 + b11 * b11 + b22 * b22 + 2 * (a01 * a01 + a02 * a02 + a12 * a12);
  if (!(p2 > 1e-28)) {
    axes(out);
    return;
  }
  const p = Math.sqrt(p2 / 6);
  const c00 = b00 / p,
    c11 = b11 / p,
    c22 = b22 / p,
    c01 = a01 / p,
    c02 = a02 / p,
    c12 = a12 / p;
  let r =
    0.5 * (c00 * (c11 * c22 - c12 * c12) - c01 * (c01 * c22 - c12 * c02) + c02 * (c01 * c12 - c11 * c02));
  r = r < -1 ? -1 : r > 1 ? 1 : r;
  const phi = Math.acos(r) / 3;
  const l1 = q + 2 * p * Math.cos(phi);
  const l3 = q + 2 * p * Math.cos(phi + (2 * Math.PI) / 3);
  const l2 = 3 * q - l1 - l3;
  if (l1 - l2 >= l2 - l3) {
    // The largest is the better separated: a0 its eigenvector, a1 square to it and to the smallest's.
    if (!eigenvector(C, o, inv, l1, out, 0)) {
      axes(out);
      return;
    }
    if (!eigenvector(C, o, inv, l3, out, 3) || !crossInto(out, 3, 0, out, 3)) {
      square(out, 0, 3);
    }
  } else {
    // The smallest is: it is the normal a2; a0 the largest's eigenvector brought into its plane.
    if (!eigenvector(C, o, inv, l3, out, 3)) {
      axes(out);
      return;
    }
    const nx = out[3],
      ny = out[4],
      nz = out[5];
    if (eigenvector(C, o, inv, l1, out, 0)) {
      const d = out[0] * nx + out[1] * ny + out[2] * nz;
      out[0] -= d * nx;
      out[1] -= d * ny;
      out[2] -= d * nz;
    } else out[0] = out[1] = out[2] = 0;
    // Failing that, any direction of the plane.
    if (!unit(out, 0)) square(out, 3, 0);
    // a1 = a2 × a0.
    crossInto(out, 3, 0, out, 3);
  }
}

/** The x and y axes. */
function axes(out: Float64Array): void {
  out[0] = 1;
  out[1] = out[2] = out[3] = 0;
  out[4] = 1;
  out[5] = 0;
}

/**
 * The unit eigenvector of eigenvalue `l` into `out[o..o + 3)`: the longest cross product of two rows
 * of A − lI, A the matrix of `C[c..c + 6)` scaled by `inv` (as {@link principalAxes} scales it). False
 * when all three are negligible (l is a double eigenvalue or more).
 */
function eigenvector(
  C: Float64Array,
  c: number,
  inv: number,
  l: number,
  out: Float64Array,
  o: number,
): boolean {
  const a00 = C[c] * inv,
    a11 = C[c + 1] * inv,
    a22 = C[c + 2] * inv,
    a01 = C[c + 3] * inv,
    a02 = C[c + 4] * inv,
    a12 = C[c + 5] * inv;
  const r00 = a00 - l,
    r11 = a11 - l,
    r22 = a22 - l;
  // rows (r00 a01 a02), (a01 r11 a12), (a02 a12 r22)
  const x0 = a01 * a12 - a02 * r11,
    y0 = a02 * a01 - r00 * a12,
    z0 = r00 * r11 - a01 * a01;
  const x1 = a01 * r22 - a02 * a12,
    y1 = a02 * a02 - r00 * r22,
    z1 = r00 * a12 - a01 * a02;
  const x2 = r11 * r22 - a12 * a12,
    y2 = a12 * a02 - a01 * r22,
    z2 = a01 * a12 - r11 * a02;
  const n0 = x0 * x0 + y0 * y0 + z0 * z0,
    n1 = x1 * x1 + y1 * y1 + z1 * z1,
    n2 = x2 * x2 + y2 * y2 + z2 * z2;
  let x = x0,
    y = y0,
    z = z0,
    n = n0;
  if (n1 > n) {
    x = x1;
    y = y1;
    z = z1;
    n = n1;
  }
  if (n2 > n) {
    x = x2;
    y = y2;
    z = z2;
    n = n2;
  }
  if (!(n > 1e-24)) return false;
  const s = 1 / Math.sqrt(n);
  out[o] = x * s;
  out[o + 1] = y * s;
  out[o + 2] = z * s;
  return true;
}

/** `out[w..w + 3)` := unit(v[i..] × v[j..]); false (nothing written) when they are nearly parallel. */
function crossInto(v: Float64Array, i: number, j: number, out: Float64Array, w: number): boolean {
  const x = v[i + 1] * v[j + 2] - v[i + 2] * v[j + 1],
    y = v[i + 2] * v[j] - v[i] * v[j + 2],
    z = v[i] * v[j + 1] - v[i + 1] * v[j];
  const n = x * x + y * y + z * z;
  if (!(n > 1e-12)) return false;
  const s = 1 / Math.sqrt(n);
  out[w] = x * s;
  out[w + 1] = y * s;
  out[w + 2] = z * s;
  return true;
}

/** `out[w..w + 3)` := a unit vector square to the unit vector `out[u..u + 3)`. */
function square(out: Float64Array, u: number, w: number): void {
  const x = out[u],
    y = out[u + 1],
    z = out[u + 2];
  let a: number;
  let b: number;
  let c: number;
  if (Math.abs(x) < 0.9) {
    a = 0;
    b = z;
    c = -y;
  } else {
    a = -z;
    b = 0;
    c = x;
  }
  const s = 1 / Math.sqrt(a * a + b * b + c * c);
  out[w] = a * s;
  out[w + 1] = b * s;
  out[w + 2] = c * s;
}

/** Makes `out[o..o + 3)` a unit vector; false when it is (nearly) zero. */
function unit(out: Float64Array, o: number): boolean {
  const n = out[o] * out[o] + out[o + 1] * out[o + 1] + out[o + 2] * out[o + 2];
  if (!(n > 1e-12)) return false;
  const s = 1 / Math.sqrt(n);
  out[o] *= s;
  out[o + 1] *= s;
  out[o + 2] *= s;
  return true;
}
