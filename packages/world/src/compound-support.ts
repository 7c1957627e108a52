import type { Shape } from '@firsttouch/convex';
import { Compound, Compound2, Curve, Surface } from '@firsttouch/mesh';
import type { SupportBody } from './support-body.js';

/**
 * A compound read by the slab proofs through its support mapping: the farthest point of any part
 * along a direction of the compound's frame (each part's own support, its vertices' or its shape's,
 * turned and moved by the part's pose), with no margin of its own (a rounded part's margin is in
 * its point) and the compound's `reach` as its radius. Made once a compound object (the parts'
 * vertices read then), by the world that asks.
 */
export class CompoundSupport implements SupportBody {
  readonly margin = 0;
  readonly reach: number;
  readonly #dim: 2 | 3;
  /** Each part's rotation (row-major, 3×3 in 3-D, 2×2 in 2-D) and translation, `dim` numbers each. */
  readonly #rotations: Float64Array;
  readonly #translations: Float64Array;
  /** Each part's vertices in its own frame, or its shape. */
  readonly #parts: (Float64Array | Shape)[];
  readonly #d = new Float64Array(3);
  readonly #q = new Float64Array(3);

  constructor(body: Compound | Compound2) {
    const three = Compound.isCompound(body);
    const dim = three ? 3 : 2;
    this.#dim = dim;
    this.reach = body.reach;
    const count = body.partCount;
    this.#rotations = new Float64Array(dim * dim * count);
    this.#translations = new Float64Array(dim * count);
    this.#parts = [];
    for (let k = 0; k < count; k++) {
      const part = body.parts[k];
      const pose = part.pose as { R?: Float64Array; angle?: number; t: Float64Array };
      if (dim === 3) this.#rotations.set(pose.R as Float64Array, 9 * k);
      else {
        const c = Math.cos(pose.angle as number);
        const s = Math.sin(pose.angle as number);
        this.#rotations.set([c, -s, s, c], 4 * k);
      }
      for (let x = 0; x < dim; x++) this.#translations[dim * k + x] = pose.t[x];
      const b = part.body as unknown;
      this.#parts.push(
        Surface.isSurface(b) ? b.distinctVertices() : Curve.isCurve(b) ? b.vertices() : (b as Shape),
      );
    }
  }

  /** Whether the slab can read `body` so: a compound of this dimension. */
  static reads(body: unknown, dim: 2 | 3): body is Compound | Compound2 {
    return dim === 3 ? Compound.isCompound(body) : Compound2.isCompound2(body);
  }

  /**
   * The farthest point of the compound along `d` (its frame, any length) into `out`; returns −1
   * (no vertex index: a compound has none of its own).
   */
  support(d: Float64Array, out: Float64Array): number {
    const dim = this.#dim;
    const R = this.#rotations;
    const T = this.#translations;
    const u = this.#d;
    const q = this.#q;
    let best = Number.NEGATIVE_INFINITY;
    out[0] = Number.NaN;
    out[1] = Number.NaN;
    if (out.length > 2) out[2] = dim === 3 ? Number.NaN : 0;
    const length = Math.sqrt(d[0] * d[0] + d[1] * d[1] + (dim === 3 ? d[2] * d[2] : 0));
    for (let k = 0; k < this.#parts.length; k++) {
      const r = dim * dim * k;
      // d in the part's frame (Rᵀ d)
      if (dim === 3) {
        u[0] = R[r] * d[0] + R[r + 3] * d[1] + R[r + 6] * d[2];
        u[1] = R[r + 1] * d[0] + R[r + 4] * d[1] + R[r + 7] * d[2];
        u[2] = R[r + 2] * d[0] + R[r + 5] * d[1] + R[r + 8] * d[2];
      } else {
        u[0] = R[r] * d[0] + R[r + 2] * d[1];
        u[1] = R[r + 1] * d[0] + R[r + 3] * d[1];
        u[2] = 0;
      }
      const part = this.#parts[k];
      let h: number;
      if (part instanceof Float64Array) {
        h = Number.NEGATIVE_INFINITY;
        for (let v = 0; v < part.length; v += dim) {
          const s = u[0] * part[v] + u[1] * part[v + 1] + (dim === 3 ? u[2] * part[v + 2] : 0);
          if (s > h) {
            h = s;
            q[0] = part[v];
            q[1] = part[v + 1];
            q[2] = dim === 3 ? part[v + 2] : 0;
          }
        }
      } else {
        part.support(u, q);
        // the part's own farthest point: its core's, out along d by its margin
        const m = part.margin;
        if (m > 0 && length > 0) {
          const ul = Math.sqrt(u[0] * u[0] + u[1] * u[1] + u[2] * u[2]);
          q[0] += (m * u[0]) / ul;
          q[1] += (m * u[1]) / ul;
          q[2] += (m * u[2]) / ul;
        }
        h = u[0] * q[0] + u[1] * q[1] + u[2] * q[2];
      }
      const height = h + d[0] * T[dim * k] + d[1] * T[dim * k + 1] + (dim === 3 ? d[2] * T[dim * k + 2] : 0);
      if (height > best) {
        best = height;
        // the part's point in the compound's frame (R q + t)
        if (dim === 3) {
          out[0] = R[r] * q[0] + R[r + 1] * q[1] + R[r + 2] * q[2] + T[3 * k];
          out[1] = R[r + 3] * q[0] + R[r + 4] * q[1] + R[r + 5] * q[2] + T[3 * k + 1];
          out[2] = R[r + 6] * q[0] + R[r + 7] * q[1] + R[r + 8] * q[2] + T[3 * k + 2];
        } else {
          out[0] = R[r] * q[0] + R[r + 1] * q[1] + T[2 * k];
          out[1] = R[r + 2] * q[0] + R[r + 3] * q[1] + T[2 * k + 1];
        }
      }
    }
    return -1;
  }
}
