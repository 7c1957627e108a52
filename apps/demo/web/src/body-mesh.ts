// A firsttouch Surface as a three.js mesh, placed at a firsttouch pose, through @firsttouch/three:
// the matrix is set from the pose directly (R row-major, t), never through Euler angles or
// quaternions, so the picture shows exactly the placement the library computes with.
import type { Pose3 } from '@firsttouch/pose';
import { poseToMatrix4 } from '@firsttouch/three';
import { type BufferGeometry, type Material, Mesh, type Object3D } from 'three';

export function bodyMesh(geometry: BufferGeometry, material: Material): Mesh {
  const mesh = new Mesh(geometry, material);
  // The matrix comes from the pose; three.js must not rebuild it from position/rotation/scale.
  mesh.matrixAutoUpdate = false;
  return mesh;
}

export function placeObject(object: Object3D, pose: Pose3): void {
  poseToMatrix4(pose, object.matrix);
  object.matrixWorldNeedsUpdate = true;
}
