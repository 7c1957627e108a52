import type { Surface } from '@firsttouch/mesh';
import { identityPose, type Pose3, type Pose3Like, RigidMotion } from '@firsttouch/pose';
import { BufferAttribute, BufferGeometry, Matrix4, Vector3 } from 'three';
import { type HitPointInfo, MeshBVH } from 'three-mesh-bvh';

/**
 * A three.js geometry of a surface as a three.js user would make it: Float32 positions (three-mesh-bvh
 * works in float32; every coordinate is rounded to 24 bits here) and a Uint32 index.
 */
export function toGeometry(surface: Surface): BufferGeometry {
  const g = new BufferGeometry();
  g.setAttribute('position', new BufferAttribute(Float32Array.from(surface.positions), 3));
  g.setIndex(new BufferAttribute(Uint32Array.from(surface.indices), 1));
  return g;
}

/** A pose as a three.js Matrix4 (both row-major in their arguments: `set` takes rows). */
export function matrixOfPose(p: Pose3, out: Matrix4 = new Matrix4()): Matrix4 {
  const R = p.R;
  const t = p.t;
  return out.set(R[0], R[1], R[2], t[0], R[3], R[4], R[5], t[1], R[6], R[7], R[8], t[2], 0, 0, 0, 1);
}

/**
 * The three-mesh-bvh side of a distance query: A's `MeshBVH.closestPointToGeometry(geometryB,
 * geometryToBvh, target1, target2)`, with B carrying its own `boundsTree` (the accelerated
 * tree-against-tree path). Both trees are built once here, with the library's default options.
 */
export class ThreeMeshBvhPair {
  readonly geometryA: BufferGeometry;
  readonly geometryB: BufferGeometry;
  readonly bvhA: MeshBVH;
  readonly #hitA: HitPointInfo;
  readonly #hitB: HitPointInfo;

  /**
   * @param treeOnB - give B's geometry its own `boundsTree` (default true). `closestPointToGeometry`
   *   and `intersectsGeometry` then descend both trees; without it they test B's triangles one by one
   *   against A's tree, which is faster for a small B (the 48-facet pebble) in `intersectsGeometry`.
   */
  constructor(a: Surface, b: Surface, treeOnB = true) {
    this.geometryA = toGeometry(a);
    this.geometryB = toGeometry(b);
    this.bvhA = new MeshBVH(this.geometryA);
    if (treeOnB) this.geometryB.boundsTree = new MeshBVH(this.geometryB);
    this.geometryB.computeBoundingBox();
    // Result objects reused across queries, as a caller in a loop would.
    this.#hitA = { point: new Vector3(), distance: 0, faceIndex: 0 };
    this.#hitB = { point: new Vector3(), distance: 0, faceIndex: 0 };
  }

  /** The gap between A (at the identity) and B placed by `bToA` (B's frame into A's frame). */
  distance(bToA: Matrix4): number {
    const hit = this.bvhA.closestPointToGeometry(this.geometryB, bToA, this.#hitA, this.#hitB);
    return hit === null ? Number.POSITIVE_INFINITY : hit.distance;
  }

  /** Whether some triangle of B placed by `bToA` crosses or touches one of A (float32, not exact). */
  intersects(bToA: Matrix4): boolean {
    return this.bvhA.intersectsGeometry(this.geometryB, bToA);
  }
}

/** What the sampling method found. */
export interface SampledImpact {
  /** The first instant found intersecting after bisection (+∞ when no sample intersects: a miss if they touch). */
  toi: number;
  /** Intersection tests spent (samples, then bisection steps). */
  tests: number;
}

/**
 * The naive continuous collision check users write with three-mesh-bvh: the step sampled at
 * `samples` instants `s_k = k / (samples − 1)` (B's pose interpolated along the same motion as
 * firsttouch's, converted to a Matrix4 at each instant), an intersection test
 * (`MeshBVH.intersectsGeometry`) at each, stopping at the first that intersects; then `halvings`
 * bisection steps between it and the sample before. Not certified: a contact that begins and ends
 * between two samples is missed, and the bisection finds an instant of intersection, not
 * necessarily the first. A rests at the identity.
 */
export class SamplingToi {
  readonly #pair: ThreeMeshBvhPair;
  readonly #matrix = new Matrix4();
  readonly #pose = identityPose();

  constructor(
    pair: ThreeMeshBvhPair,
    readonly samples: number,
    readonly halvings = 30,
  ) {
    this.#pair = pair;
  }

  /** The sampled time of impact of B moving from `p0` to `p1`. */
  query(p0: Pose3Like, p1: Pose3Like): SampledImpact {
    return this.queryMotion(new RigidMotion(p0, p1));
  }

  /** The same over a prepared motion. */
  queryMotion(motion: RigidMotion): SampledImpact {
    const n = this.samples;
    let tests = 0;
    const hit = (s: number): boolean => {
      tests++;
      return this.#pair.intersects(matrixOfPose(motion.poseAt(s, this.#pose), this.#matrix));
    };
    for (let k = 0; k < n; k++) {
      const s = k / (n - 1);
      if (!hit(s)) continue;
      if (k === 0) return { toi: 0, tests };
      let lo = (k - 1) / (n - 1);
      let hi = s;
      for (let j = 0; j < this.halvings; j++) {
        const mid = 0.5 * (lo + hi);
        if (hit(mid)) hi = mid;
        else lo = mid;
      }
      return { toi: hi, tests };
    }
    return { toi: Number.POSITIVE_INFINITY, tests };
  }
}
