/**
 * mulberry32: a 32-bit seeded generator. Every scene draws its poses and shapes from a fixed seed,
 * so two runs (before and after an optimisation, or firsttouch and a peer) see the same queries.
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Seeded draws used by the scenes: numbers, integers, directions and rotations. */
export class Rng {
  readonly #next: () => number;

  constructor(seed: number) {
    this.#next = mulberry32(seed);
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.#next();
  }

  /** Uniform in [lo, hi). */
  uniform(lo: number, hi: number): number {
    return lo + (hi - lo) * this.#next();
  }

  /** Uniform integer in [lo, hi] (both included). */
  int(lo: number, hi: number): number {
    return lo + Math.floor((hi - lo + 1) * this.#next());
  }

  /** A unit vector uniform on the sphere (z uniform in [−1, 1], longitude uniform). */
  unitVector3(): [number, number, number] {
    const z = this.uniform(-1, 1);
    const phi = this.uniform(0, 2 * Math.PI);
    const r = Math.sqrt(Math.max(0, 1 - z * z));
    return [r * Math.cos(phi), r * Math.sin(phi), z];
  }

  /** A unit vector uniform on the circle. */
  unitVector2(): [number, number] {
    const phi = this.uniform(0, 2 * Math.PI);
    return [Math.cos(phi), Math.sin(phi)];
  }

  /** A rotation uniform over SO(3), as a quaternion `[x, y, z, w]` (Shoemake's method). */
  quaternion(): [number, number, number, number] {
    const u1 = this.#next();
    const u2 = this.uniform(0, 2 * Math.PI);
    const u3 = this.uniform(0, 2 * Math.PI);
    const a = Math.sqrt(1 - u1);
    const b = Math.sqrt(u1);
    return [a * Math.sin(u2), a * Math.cos(u2), b * Math.sin(u3), b * Math.cos(u3)];
  }
}
