// Exact arithmetic for the test oracle, written independently of packages/mesh/src.
//
// Every finite double is m · 2^e with m and e integers. A set of doubles brought to their smallest
// common exponent becomes a set of BigInts with the same ratios, so signs of polynomials in the
// coordinates (orientation determinants, dot and cross products) are evaluated exactly.

export type V3 = [bigint, bigint, bigint];
export type V2 = [bigint, bigint];

const view = new DataView(new ArrayBuffer(8));

/** `x = m · 2^e` exactly, `m` a (signed) integer. */
export function decompose(x: number): { m: bigint; e: number } {
  if (!Number.isFinite(x)) throw new Error(`decompose: ${x} is not finite`);
  if (x === 0) return { m: 0n, e: 0 };
  view.setFloat64(0, x);
  const hi = view.getUint32(0);
  const lo = view.getUint32(4);
  const negative = hi >>> 31 === 1;
  const biased = (hi >>> 20) & 0x7ff;
  let m = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  let e: number;
  if (biased === 0) {
    e = -1074; // subnormal
  } else {
    m |= 1n << 52n;
    e = biased - 1075;
  }
  return { m: negative ? -m : m, e };
}

/** The values as integers scaled by one common power of two (ratios and signs are kept exactly). */
export function toIntegers(values: ArrayLike<number>): bigint[] {
  return toScaledIntegers(values).v;
}

export function sign(x: bigint): -1 | 0 | 1 {
  return x > 0n ? 1 : x < 0n ? -1 : 0;
}

export function sub3(a: V3, b: V3): V3 {
  return [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
}

export function dot3(a: V3, b: V3): bigint {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

export function cross3(a: V3, b: V3): V3 {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}

export function isZero3(a: V3): boolean {
  return a[0] === 0n && a[1] === 0n && a[2] === 0n;
}

export function sub2(a: V2, b: V2): V2 {
  return [a[0] - b[0], a[1] - b[1]];
}

export function dot2(a: V2, b: V2): bigint {
  return a[0] * b[0] + a[1] * b[1];
}

export function cross2(a: V2, b: V2): bigint {
  return a[0] * b[1] - a[1] * b[0];
}

/** Sign of det[b − a, c − a, d − a] (positive when d is on the side of (b − a) × (c − a)), exactly. */
export function orient3dExact(a: V3, b: V3, c: V3, d: V3): -1 | 0 | 1 {
  return sign(dot3(cross3(sub3(b, a), sub3(c, a)), sub3(d, a)));
}

/** Sign of (b − a) × (c − a) in the plane, exactly. */
export function orient2dExact(a: V2, b: V2, c: V2): -1 | 0 | 1 {
  return sign(cross2(sub2(b, a), sub2(c, a)));
}

/**
 * Sign of the orientation of four points given as doubles: a floating-point evaluation whose sign
 * is trusted only when the value clears a generous error bound (about 13 times Shewchuk's bound
 * for this formula), else the exact BigInt evaluation.
 */
export function orient3dSign(
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
): -1 | 0 | 1 {
  const bax = bx - ax,
    bay = by - ay,
    baz = bz - az;
  const cax = cx - ax,
    cay = cy - ay,
    caz = cz - az;
  const dax = dx - ax,
    day = dy - ay,
    daz = dz - az;
  const m1 = bay * caz - baz * cay;
  const m2 = baz * cax - bax * caz;
  const m3 = bax * cay - bay * cax;
  const det = m1 * dax + m2 * day + m3 * daz;
  const perm =
    (Math.abs(bay * caz) + Math.abs(baz * cay)) * Math.abs(dax) +
    (Math.abs(baz * cax) + Math.abs(bax * caz)) * Math.abs(day) +
    (Math.abs(bax * cay) + Math.abs(bay * cax)) * Math.abs(daz);
  const bound = 1e-14 * perm;
  if (perm > 1e-200 && perm < 1e200) {
    if (det > bound) return 1;
    if (det < -bound) return -1;
  }
  const v = toIntegers([ax, ay, az, bx, by, bz, cx, cy, cz, dx, dy, dz]);
  return orient3dExact([v[0], v[1], v[2]], [v[3], v[4], v[5]], [v[6], v[7], v[8]], [v[9], v[10], v[11]]);
}

/** Points of `T` (3 numbers each, `count` points from `offset`) as exact integers on one scale. */
export function exactPoints3(T: ArrayLike<number>, offsets: number[]): V3[] {
  const flat: number[] = [];
  for (const o of offsets) flat.push(T[o], T[o + 1], T[o + 2]);
  const v = toIntegers(flat);
  return offsets.map((_, i) => [v[3 * i], v[3 * i + 1], v[3 * i + 2]]);
}

export function exactPoints2(S: ArrayLike<number>, offsets: number[]): V2[] {
  const flat: number[] = [];
  for (const o of offsets) flat.push(S[o], S[o + 1]);
  const v = toIntegers(flat);
  return offsets.map((_, i) => [v[2 * i], v[2 * i + 1]]);
}

function separated3(axis: V3, A: V3[], B: V3[]): boolean {
  if (isZero3(axis)) return false;
  let minA = dot3(axis, A[0]);
  let maxA = minA;
  for (let i = 1; i < A.length; i++) {
    const x = dot3(axis, A[i]);
    if (x < minA) minA = x;
    if (x > maxA) maxA = x;
  }
  let minB = dot3(axis, B[0]);
  let maxB = minB;
  for (let i = 1; i < B.length; i++) {
    const x = dot3(axis, B[i]);
    if (x < minB) minB = x;
    if (x > maxB) maxB = x;
  }
  return maxA < minB || maxB < minA;
}

/**
 * Do the closed triangles A (T[a..a+8]) and B (T[b..b+8]) share a point? Exact separating-axis test
 * (degenerate triangles allowed). The candidate axes are those of the faces of the Minkowski
 * difference D = A − B, whose edges are parallel to the six edges E of A and B:
 *  - D of dimension 3: the cross products of two edges;
 *  - D flat: its normal (a cross product) and the in-plane normals (normal × edge);
 *  - D a segment along e: e itself and the component of a point of D across e;
 *  - D a point w: w.
 * The closed triangles are disjoint iff 0 ∉ D iff one of these axes separates them (strictly).
 */
export function trianglesIntersectExact(T: ArrayLike<number>, a = 0, b = 9): boolean {
  const P = exactPoints3(T, [a, a + 3, a + 6, b, b + 3, b + 6]);
  const A = P.slice(0, 3);
  const B = P.slice(3, 6);
  const E: V3[] = [sub3(A[1], A[0]), sub3(A[2], A[1]), sub3(A[0], A[2])];
  E.push(sub3(B[1], B[0]), sub3(B[2], B[1]), sub3(B[0], B[2]));
  const normals: V3[] = [];
  for (let i = 0; i < 6; i++) {
    for (let j = i + 1; j < 6; j++) {
      const c = cross3(E[i], E[j]);
      if (!isZero3(c)) normals.push(c);
    }
  }
  for (const c of normals) if (separated3(c, A, B)) return false;
  // Rank of E is 3 (D is solid) iff some triple product is non-zero; then the normals suffice.
  for (const c of normals) for (const e of E) if (dot3(c, e) !== 0n) return true;
  for (const c of normals) {
    for (const e of E) if (separated3(cross3(c, e), A, B)) return false;
  }
  const w = sub3(A[0], B[0]);
  for (const e of E) {
    if (isZero3(e)) continue;
    if (separated3(e, A, B)) return false;
    if (separated3(cross3(e, cross3(e, w)), A, B)) return false;
  }
  if (separated3(w, A, B)) return false;
  return true;
}

function separated2(axis: V2, A: V2[], B: V2[]): boolean {
  if (axis[0] === 0n && axis[1] === 0n) return false;
  const pa = A.map((p) => dot2(axis, p));
  const pb = B.map((p) => dot2(axis, p));
  const maxA = pa.reduce((x, y) => (y > x ? y : x));
  const minA = pa.reduce((x, y) => (y < x ? y : x));
  const maxB = pb.reduce((x, y) => (y > x ? y : x));
  const minB = pb.reduce((x, y) => (y < x ? y : x));
  return maxA < minB || maxB < minA;
}

/**
 * Do the closed segments S[a..a+3] and S[b..b+3] (u0 v0 u1 v1, zero length allowed) share a point?
 * Exact separating-axis test: the Minkowski difference is a parallelogram with edges d1, d2 (axes:
 * their normals), or a segment (axes: its direction and its normal), or a point w (axis: w).
 */
export function segmentsIntersectExact2(S: ArrayLike<number>, a = 0, b = 4): boolean {
  const P = exactPoints2(S, [a, a + 2, b, b + 2]);
  const A = [P[0], P[1]];
  const B = [P[2], P[3]];
  const d1 = sub2(A[1], A[0]);
  const d2 = sub2(B[1], B[0]);
  const w = sub2(A[0], B[0]);
  const axes: V2[] = [[-d1[1], d1[0]], [-d2[1], d2[0]], d1, d2, w];
  for (const axis of axes) if (separated2(axis, A, B)) return false;
  return true;
}

// ---------------------------------------------------------------------------------------------
// A second, unrelated exact method, used only by the oracle's own unit tests to check the one
// above: closed convex sets A and B meet iff 0 ∈ conv{a_i − b_j}, and (Carathéodory) then 0 lies in
// an affinely independent simplex of at most 4 (3-D) or 3 (2-D) of those points.

function combinations(n: number, k: number): number[][] {
  const out: number[][] = [];
  const pick: number[] = [];
  const rec = (start: number): void => {
    if (pick.length === k) {
      out.push(pick.slice());
      return;
    }
    for (let i = start; i < n; i++) {
      pick.push(i);
      rec(i + 1);
      pick.pop();
    }
  };
  rec(0);
  return out;
}

function originInSimplex3(S: V3[]): boolean {
  const O: V3 = [0n, 0n, 0n];
  if (S.length === 1) return isZero3(S[0]);
  if (S.length === 2) {
    const [p, q] = S;
    if (isZero3(sub3(q, p))) return false; // not independent: covered by the single point
    return isZero3(cross3(p, q)) && dot3(p, q) <= 0n;
  }
  if (S.length === 3) {
    const [p, q, r] = S;
    const n = cross3(sub3(q, p), sub3(r, p));
    if (isZero3(n)) return false;
    if (orient3dExact(p, q, r, O) !== 0) return false;
    const s1 = sign(dot3(n, cross3(q, r)));
    const s2 = sign(dot3(n, cross3(r, p)));
    const s3 = sign(dot3(n, cross3(p, q)));
    return s1 >= 0 && s2 >= 0 && s3 >= 0;
  }
  const [p, q, r, s] = S;
  const o = orient3dExact(p, q, r, s);
  if (o === 0) return false;
  const parts = [
    orient3dExact(O, q, r, s),
    orient3dExact(p, O, r, s),
    orient3dExact(p, q, O, s),
    orient3dExact(p, q, r, O),
  ];
  return parts.every((x) => x === 0 || x === o);
}

/** Closed triangles meet? By Carathéodory over the 9 vertex differences (slow; tests only). */
export function trianglesIntersectCaratheodory(T: ArrayLike<number>, a = 0, b = 9): boolean {
  const P = exactPoints3(T, [a, a + 3, a + 6, b, b + 3, b + 6]);
  const D: V3[] = [];
  for (let i = 0; i < 3; i++) for (let j = 3; j < 6; j++) D.push(sub3(P[i], P[j]));
  for (let k = 1; k <= 4; k++) {
    for (const c of combinations(D.length, k)) {
      if (originInSimplex3(c.map((i) => D[i]))) return true;
    }
  }
  return false;
}

function originInSimplex2(S: V2[]): boolean {
  const O: V2 = [0n, 0n];
  if (S.length === 1) return S[0][0] === 0n && S[0][1] === 0n;
  if (S.length === 2) {
    const [p, q] = S;
    if (p[0] === q[0] && p[1] === q[1]) return false;
    return cross2(p, q) === 0n && dot2(p, q) <= 0n;
  }
  const [p, q, r] = S;
  const o = orient2dExact(p, q, r);
  if (o === 0) return false;
  const parts = [orient2dExact(O, q, r), orient2dExact(p, O, r), orient2dExact(p, q, O)];
  return parts.every((x) => x === 0 || x === o);
}

/** Closed segments meet? By Carathéodory over the 4 endpoint differences (tests only). */
export function segmentsIntersectCaratheodory(S: ArrayLike<number>, a = 0, b = 4): boolean {
  const P = exactPoints2(S, [a, a + 2, b, b + 2]);
  const D: V2[] = [];
  for (let i = 0; i < 2; i++) for (let j = 2; j < 4; j++) D.push(sub2(P[i], P[j]));
  for (let k = 1; k <= 3; k++) {
    for (const c of combinations(D.length, k)) {
      if (originInSimplex2(c.map((i) => D[i]))) return true;
    }
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// Exact point distances, for checking witness points: the squared distance is a rational number
// of the (scaled) integer coordinates, compared and minimised exactly; only the final value is
// rounded (to about one ulp). Slow, used a couple of times a query.

/** The values as integers on one scale, and that scale: value = integer · 2^e. */
export function toScaledIntegers(values: ArrayLike<number>): { v: bigint[]; e: number } {
  let emin = Number.POSITIVE_INFINITY;
  const parts: { m: bigint; e: number }[] = [];
  for (let i = 0; i < values.length; i++) {
    const p = decompose(values[i]);
    parts.push(p);
    if (p.m !== 0n && p.e < emin) emin = p.e;
  }
  if (emin === Number.POSITIVE_INFINITY) emin = 0;
  return { v: parts.map((p) => (p.m === 0n ? 0n : p.m << BigInt(p.e - emin))), e: emin };
}

interface Ratio {
  num: bigint;
  den: bigint;
}

function less(a: Ratio, b: Ratio): boolean {
  return a.num * b.den < b.num * a.den;
}

function bitLength(x: bigint): number {
  return x === 0n ? 0 : x.toString(2).length;
}

/** √(num / den) · 2^e as a double (num ≥ 0, den > 0), without overflow or underflow on the way. */
function sqrtRatioToNumber(r: Ratio, e: number): number {
  if (r.num === 0n) return 0;
  // num / den = q · 2^k with q ≈ 2^64 an integer (rounded down: relative error 2^-64), k even
  let k = bitLength(r.num) - bitLength(r.den) - 64;
  if (k % 2 !== 0) k -= 1;
  const q = k >= 0 ? r.num / (r.den << BigInt(k)) : (r.num << BigInt(-k)) / r.den;
  const scale = k / 2 + e;
  const half = Math.trunc(scale / 2);
  return Math.sqrt(Number(q)) * 2 ** half * 2 ** (scale - half);
}

function pointSegmentSq3(P: V3, A: V3, B: V3): Ratio {
  const e = sub3(B, A);
  const w = sub3(P, A);
  const ee = dot3(e, e);
  const ww = dot3(w, w);
  if (ee === 0n) return { num: ww, den: 1n };
  const t = dot3(w, e);
  if (t <= 0n) return { num: ww, den: 1n };
  if (t >= ee) {
    const u = sub3(P, B);
    return { num: dot3(u, u), den: 1n };
  }
  return { num: ww * ee - t * t, den: ee };
}

/** Exact distance (rounded once at the end) from point p to the closed triangle T[t..t+8]. */
export function pointTriangleDistanceExact(p: ArrayLike<number>, T: ArrayLike<number>, t = 0): number {
  const { v, e } = toScaledIntegers([p[0], p[1], p[2], ...Array.from({ length: 9 }, (_, i) => T[t + i])]);
  const P: V3 = [v[0], v[1], v[2]];
  const A: V3 = [v[3], v[4], v[5]];
  const B: V3 = [v[6], v[7], v[8]];
  const C: V3 = [v[9], v[10], v[11]];
  let best = pointSegmentSq3(P, A, B);
  for (const r of [pointSegmentSq3(P, B, C), pointSegmentSq3(P, C, A)]) if (less(r, best)) best = r;
  const n = cross3(sub3(B, A), sub3(C, A));
  if (!isZero3(n)) {
    const s1 = dot3(n, cross3(sub3(B, A), sub3(P, A)));
    const s2 = dot3(n, cross3(sub3(C, B), sub3(P, B)));
    const s3 = dot3(n, cross3(sub3(A, C), sub3(P, C)));
    if (s1 >= 0n && s2 >= 0n && s3 >= 0n) {
      const h = dot3(sub3(P, A), n);
      const face = { num: h * h, den: dot3(n, n) };
      if (less(face, best)) best = face;
    }
  }
  return sqrtRatioToNumber(best, e);
}

/** Exact distance (rounded once at the end) from point p to the closed segment S[s..s+3] (2-D). */
export function pointSegmentDistanceExact2(p: ArrayLike<number>, S: ArrayLike<number>, s = 0): number {
  const { v, e } = toScaledIntegers([p[0], p[1], S[s], S[s + 1], S[s + 2], S[s + 3]]);
  const r = pointSegmentSq3([v[0], v[1], 0n], [v[2], v[3], 0n], [v[4], v[5], 0n]);
  return sqrtRatioToNumber(r, e);
}
