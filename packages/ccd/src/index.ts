/**
 * The certified time of first contact between two moving rigid bodies, by conservative
 * advancement: triangle meshes in 3-D, polylines in 2-D, with the directional (C2A) bound.
 * Depends on `@firsttouch/pose` and `@firsttouch/mesh`.
 *
 * @packageDocumentation
 */
export { type AdvanceResult, conservativeAdvance, type DistanceEvaluator } from './advance.js';
export type { AffineBody } from './affine/affine-body.js';
export type { AffineMap, AffineMotion } from './affine/affine-map.js';
export { timeOfImpactAffine } from './affine/time-of-impact-affine.js';
export { CurveMotion, type CurveWitness } from './curve-motion.js';
export type { DirectionalStep, DirectionalStep2, DirectionalStep3 } from './directional-step.js';
export { DirectionalBound2 } from './directional2.js';
export { DirectionalBound3, type DirectionalOptions3 } from './directional3.js';
export {
  createImpactResult,
  createImpactResult2,
  type ImpactRun,
  type Motion2,
  type Motion3,
  type TimeOfImpact2Result,
  type TimeOfImpactOptions,
  type TimeOfImpactResult,
} from './impact-record.js';
export {
  type AdvanceOptions,
  type AdvanceProgress,
  DEFAULT_GAP_RELATIVE_ERROR,
  DEFAULT_MAX_ITERATIONS,
  type DirectionalMode,
  defaultTolerance,
  type MotionOptions,
  type ResolvedOptions,
  resolveOptions,
} from './options.js';
export { shapeImpactResult } from './shape-kind.js';
export { shapeImpactResult2 } from './shape-kind2.js';
export { type Body3, ShapeMotion } from './shape-motion.js';
export { type Body2, ShapeMotion2 } from './shape-motion2.js';
export { CcdStatus, type CcdStatusValue } from './status.js';
export { SurfaceMotion } from './surface-motion.js';
export { impactResult, timeOfImpact } from './time-of-impact.js';
export { impactResult2, timeOfImpact2 } from './time-of-impact2.js';
