import { box, icosphere } from '@firsttouch/mesh';
import { type Pose3, poseFromAxisAngle } from '@firsttouch/pose';
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

export const pebble = box(0.04, 2);
export const ball = icosphere(0.05, 1);
export const slab = box([0.2, 0.01, 0.2]);

/** A random scene of n bodies in a cube of `side`, moving up to `reach` and turning up to `turn`. */
export function scene(
  seed: number,
  n: number,
  side: number,
  reach: number,
  turn: number,
  kinds = [pebble, ball, slab],
): { bodies: typeof kinds; poses0: Pose3[]; poses1: Pose3[] } {
  const r = rng(seed);
  const bodies: typeof kinds = [];
  const poses0: Pose3[] = [];
  const poses1: Pose3[] = [];
  for (let i = 0; i < n; i++) {
    bodies.push(kinds[Math.floor(r() * kinds.length)]);
    const c = [r() * side, r() * side, r() * side];
    const axis = [r() - 0.5, r() - 0.5, r() - 0.5];
    const a0 = 6 * r();
    const dir = [r() - 0.5, r() - 0.5, r() - 0.5];
    const len = (reach * r()) / Math.hypot(dir[0], dir[1], dir[2]);
    const atRest = r() < 0.15;
    poses0.push(poseFromAxisAngle(axis, a0, c));
    poses1.push(
      atRest
        ? poseFromAxisAngle(axis, a0, c)
        : poseFromAxisAngle(
            axis,
            a0 + turn * r(),
            c.map((x, k) => x + dir[k] * len),
          ),
    );
  }
  return { bodies, poses0, poses1 };
}

/** A pair's answer as the loop over all pairs keeps it. */
export interface PairAnswer {
  pair: [number, number];
  toi: number;
  status: string;
}

/**
 * The loop over all pairs i < j of n bodies, in pair order: every answer of `run` that is not
 * Separate (the first of the smallest toi is then the loop's first impact, ties to the smallest pair).
 */
export function everyPair(
  n: number,
  run: (i: number, j: number) => { toi: number; status: string },
): PairAnswer[] {
  const out: PairAnswer[] = [];
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) {
      const t = run(i, j);
      if (t.status !== 'separate') out.push({ pair: [i, j], toi: t.toi, status: t.status });
    }
  return out;
}

/** The first of the smallest toi among `answers` (null for none): the loop's first impact. */
export function earliest(answers: readonly PairAnswer[]): PairAnswer | null {
  let best: PairAnswer | null = null;
  for (const a of answers) if (best === null || a.toi < best.toi) best = a;
  return best;
}

/**
 * A many-body call's answer is the loop's first impact `best`, bit for bit: status, toi and pair
 * (Separate when the loop has none). Returns true for a contact after s = 0.
 */
export function expectTheLoop(
  first: { status: string; toi: number; pair: readonly number[] | null },
  best: PairAnswer | null,
): boolean {
  if (best === null) {
    expect(first.status).toBe('separate');
    return false;
  }
  expect([first.status, first.toi, ...(first.pair ?? [])]).toEqual([best.status, best.toi, ...best.pair]);
  return best.toi > 0;
}
