import type { Surface } from '@firsttouch/mesh';
import type { Pose3 } from '@firsttouch/pose';
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

  constructor(a: Surface, b: Surface) {
    this.geometryA = toGeometry(a);
    this.geometryB = toGeometry(b);
    this.bvhA = new MeshBVH(this.geometryA);
    this.geometryB.boundsTree = new MeshBVH(this.geometryB);
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
}
