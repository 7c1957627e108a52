/**
 * Rigid poses in 3-D and 2-D, the motion of a time step, and the speed bound that makes
 * conservative advancement certified. The bottom layer of firsttouch: it depends on nothing.
 *
 * @packageDocumentation
 */
export {
  type AbortSignalLike,
  abortReasonText,
  assertCallback,
  assertSignal,
  throwIfAborted,
} from './abort.js';
export { reduceAngle, wrapAngle } from './angle.js';
export { FirstTouchError, type FirstTouchErrorCode } from './errors.js';
export { interpolatePose2, motionBound2, RigidMotion2 } from './motion2.js';
export {
  checkedPose3,
  interpolatePose,
  isValidPose3,
  motionBound3,
  productWithTranspose,
  RigidMotion,
  sameRotation,
} from './motion3.js';
export {
  assertPose2,
  checkedPose2,
  composePose2,
  invertPose2,
  type Pose2,
  type Pose2Like,
  pose2,
  transformPoint2,
} from './pose2.js';
export {
  assertPose3,
  composePose,
  copyPose,
  identityPose,
  invertPose,
  ORTHONORMAL_TOLERANCE,
  type Pose3,
  type Pose3Like,
  poseFromAxisAngle,
  rotationFromUnitAxisAngle,
  transformPoint,
  transformPoints,
} from './pose3.js';
export {
  poseFromQuaternion,
  quaternionOfPose,
  rotationAxisAngle,
  rotationToQuaternion,
} from './quaternion.js';
export { assertApartWithinRange, relativeTransform } from './relative.js';
export {
  assertFiniteNumber,
  assertFiniteVector,
  assertPoints,
  assertStepInstant,
  describeValue,
  finiteCopy,
  isArrayLike,
  scaledLength,
  unitVector,
} from './validate.js';
