// A firsttouch Surface as a three.js mesh, and a firsttouch pose as the mesh's matrix. The matrix is
// set from the pose directly (R row-major, t), never through Euler angles or quaternions, so the
// picture shows exactly the placement the library computes with.
import type { Surface } from '@firsttouch/mesh';
import type { Pose3 } from '@firsttouch/pose';
import { BufferAttribute, BufferGeometry, type Material, Mesh, type Object3D } from 'three';

/** The facets as a non-indexed geometry: one normal a facet, so scans look faceted, as they are. */
export function surfaceGeometry(surface: Surface): BufferGeometry {
  const xyz = new Float32Array(surface.facetCount * 9);
  const facet = new Float64Array(9);
  for (let i = 0; i < surface.facetCount; i++) xyz.set(surface.facet(i, facet), 9 * i);
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(xyz, 3));
  geometry.computeVertexNormals();
  geometry.computeBoundingSphere();
  return geometry;
}

export function bodyMesh(geometry: BufferGeometry, material: Material): Mesh {
  const mesh = new Mesh(geometry, material);
  // The matrix comes from the pose; three.js must not rebuild it from position/rotation/scale.
  mesh.matrixAutoUpdate = false;
  return mesh;
}

export function placeObject(object: Object3D, pose: Pose3): void {
  const { R, t } = pose;
  object.matrix.set(R[0], R[1], R[2], t[0], R[3], R[4], R[5], t[1], R[6], R[7], R[8], t[2], 0, 0, 0, 1);
  object.matrixWorldNeedsUpdate = true;
}
