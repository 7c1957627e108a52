/**
 * The three.js adapter of firsttouch: a `Surface` from a `BufferGeometry`, a `Pose3` from an
 * `Object3D`'s world matrix, and back to a `Matrix4` and a `BufferGeometry` to draw (of a surface or
 * of a convex shape). `three` is a peer dependency. Depends on `@firsttouch/convex`,
 * `@firsttouch/mesh` and `@firsttouch/pose`.
 *
 * @packageDocumentation
 */
export { geometryFromShape } from './geometry-from-shape.js';
export { geometryFromSurface } from './geometry-from-surface.js';
export {
  MATRIX_TOLERANCE,
  type PoseAndScale,
  poseAndScaleFromObject3D,
  poseFromObject3D,
} from './pose-from-object.js';
export { poseToMatrix4 } from './pose-to-matrix.js';
export { surfaceFromGeometry } from './surface-from-geometry.js';
