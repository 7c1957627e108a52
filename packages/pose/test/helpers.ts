// Test-side linear algebra, written independently of src/ (plain nested arrays, no shared code).
export type M3 = number[][];

export function mat(R: ArrayLike<number>): M3 {
  return [
    [R[0], R[1], R[2]],
    [R[3], R[4], R[5]],
    [R[6], R[7], R[8]],
  ];
}

export function mul(A: M3, B: M3): M3 {
  return A.map((row) => [0, 1, 2].map((j) => row[0] * B[0][j] + row[1] * B[1][j] + row[2] * B[2][j]));
}

export function transpose(A: M3): M3 {
  return [0, 1, 2].map((i) => [0, 1, 2].map((j) => A[j][i]));
}

export function maxAbsDiff(A: ArrayLike<number>, B: ArrayLike<number>): number {
  let m = 0;
  for (let i = 0; i < A.length; i++) m = Math.max(m, Math.abs(A[i] - B[i]));
  return m;
}

export function orthonormalError(R: ArrayLike<number>): number {
  const A = mat(R);
  const P = mul(transpose(A), A);
  let m = 0;
  for (let i = 0; i < 3; i++)
    for (let j = 0; j < 3; j++) m = Math.max(m, Math.abs(P[i][j] - (i === j ? 1 : 0)));
  return m;
}

/** The angle of the rotation A Bᵀ: atan2 of sin θ (antisymmetric part) and cos θ (trace). */
export function angleBetween(A: ArrayLike<number>, B: ArrayLike<number>): number {
  const M = mul(mat(A), transpose(mat(B)));
  const sin = Math.hypot(M[2][1] - M[1][2], M[0][2] - M[2][0], M[1][0] - M[0][1]) / 2;
  const cos = (M[0][0] + M[1][1] + M[2][2] - 1) / 2;
  return Math.atan2(sin, cos);
}

/** Rodrigues' rotation of v about unit k by a, in the test's own words. */
export function rotateVec(k: number[], a: number, v: number[]): number[] {
  const c = Math.cos(a);
  const s = Math.sin(a);
  const kv = k[0] * v[0] + k[1] * v[1] + k[2] * v[2];
  const cr = [k[1] * v[2] - k[2] * v[1], k[2] * v[0] - k[0] * v[2], k[0] * v[1] - k[1] * v[0]];
  return [0, 1, 2].map((i) => v[i] * c + cr[i] * s + k[i] * kv * (1 - c));
}

export function unit(v: number[]): number[] {
  const n = Math.hypot(v[0], v[1], v[2]);
  return v.map((x) => x / n);
}

/** mulberry32: a seeded PRNG so that failures reproduce. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
