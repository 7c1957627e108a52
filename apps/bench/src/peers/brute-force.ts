import { type Surface, triangleDistance } from '@firsttouch/mesh';

/**
 * The all-pairs loop: firsttouch's exact `triangleDistance` over every facet pair, B's vertices
 * first taken into A's frame. No tree, no pruning: the oracle the trees must equal bit for bit, and
 * the cost a tree saves.
 */
export class BruteForcePair {
  readonly #a: Surface;
  readonly #b: Surface;
  readonly #vb: Float64Array;
  readonly #tri = new Float64Array(18);
  readonly #out = new Float64Array(7);
  /** Facet pairs evaluated by the last query. */
  facetPairs = 0;

  constructor(a: Surface, b: Surface) {
    this.#a = a;
    this.#b = b;
    this.#vb = new Float64Array(b.positions.length);
  }

  /** The gap when a point x of B is at `R x + t` in A's frame (R row-major), 0 when they cross. */
  distance(R: Float64Array, t: Float64Array): number {
    const pb = this.#b.positions;
    const vb = this.#vb;
    for (let v = 0; v < pb.length; v += 3) {
      const x = pb[v],
        y = pb[v + 1],
        z = pb[v + 2];
      vb[v] = R[0] * x + R[1] * y + R[2] * z + t[0];
      vb[v + 1] = R[3] * x + R[4] * y + R[5] * z + t[1];
      vb[v + 2] = R[6] * x + R[7] * y + R[8] * z + t[2];
    }
    const T = this.#tri;
    const pa = this.#a.positions;
    const ia = this.#a.indices;
    const ib = this.#b.indices;
    let best = Number.POSITIVE_INFINITY;
    for (let fa = 0; fa < this.#a.facetCount; fa++) {
      for (let k = 0; k < 3; k++) {
        const v = 3 * ia[3 * fa + k];
        T[3 * k] = pa[v];
        T[3 * k + 1] = pa[v + 1];
        T[3 * k + 2] = pa[v + 2];
      }
      for (let fb = 0; fb < this.#b.facetCount; fb++) {
        for (let k = 0; k < 3; k++) {
          const v = 3 * ib[3 * fb + k];
          T[9 + 3 * k] = vb[v];
          T[10 + 3 * k] = vb[v + 1];
          T[11 + 3 * k] = vb[v + 2];
        }
        const d = triangleDistance(T, 0, 9, this.#out);
        if (d < best) best = d;
      }
    }
    this.facetPairs = this.#a.facetCount * this.#b.facetCount;
    return best;
  }
}
