// Seeded motions and the bit-for-bit comparison of an answer with the sequential call's.
import type { Motion2, Motion3 } from '@firsttouch/ccd';
import { identityPose, pose2, poseFromAxisAngle } from '@firsttouch/pose';
import { expect } from 'vitest';

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

/** `n` steps of B thrown from 2·u past A's origin (A at rest), turning: a few miss, most touch. */
export function throws3(n: number, seed = 29): Motion3[] {
  const r = rng(seed);
  return Array.from({ length: n }, () => {
    const u = [r() - 0.5, r() - 0.5, r() - 0.5];
    const len = Math.hypot(u[0], u[1], u[2]);
    const d = u.map((x) => x / len);
    const off = [r() - 0.5, r() - 0.5, r() - 0.5].map((x) => 0.4 * x);
    const axis = [r() - 0.5, r() - 0.5, r() + 0.1];
    return {
      a: [identityPose(), identityPose()],
      b: [
        poseFromAxisAngle(axis, 0, [2 * d[0] + off[0], 2 * d[1] + off[1], 2 * d[2] + off[2]]),
        poseFromAxisAngle(axis, 3 * r(), [-2 * d[0] + off[0], -2 * d[1] + off[1], -2 * d[2] + off[2]]),
      ],
    };
  });
}

/** The 2-D twin of {@link throws3}. */
export function throws2(n: number, seed = 31): Motion2[] {
  const r = rng(seed);
  return Array.from({ length: n }, () => {
    const t = 2 * Math.PI * r();
    const off = 0.5 * (r() - 0.5);
    return {
      a: [pose2(), pose2()],
      b: [
        pose2(0, [2 * Math.cos(t), 2 * Math.sin(t) + off]),
        pose2(4 * r(), [-2 * Math.cos(t), -2 * Math.sin(t) + off]),
      ],
    };
  });
}

/** Every field equal bit for bit (numbers by Object.is, typed arrays element by element, records deep). */
export function sameAnswer(got: unknown, want: unknown, path = 'result'): void {
  if (typeof want === 'number') {
    expect(Object.is(got, want), `${path}: ${String(got)} is not ${String(want)}`).toBe(true);
    return;
  }
  if (ArrayBuffer.isView(want)) {
    expect(ArrayBuffer.isView(got), `${path} is not a typed array`).toBe(true);
    const w = Array.from(want as unknown as ArrayLike<number>);
    const g = Array.from(got as ArrayLike<number>);
    expect(g.length, `${path}.length`).toBe(w.length);
    for (let i = 0; i < w.length; i++) sameAnswer(g[i], w[i], `${path}[${i}]`);
    return;
  }
  if (typeof want === 'object' && want !== null) {
    expect(typeof got === 'object' && got !== null, `${path} is not an object`).toBe(true);
    const keys = Object.keys(want).sort();
    expect(Object.keys(got as object).sort(), `${path}: keys`).toEqual(keys);
    for (const k of keys)
      sameAnswer((got as Record<string, unknown>)[k], (want as Record<string, unknown>)[k], `${path}.${k}`);
    return;
  }
  expect(got, path).toBe(want);
}
