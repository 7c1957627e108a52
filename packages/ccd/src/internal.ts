/**
 * What the sibling packages of `@firsttouch/ccd` (the broad phase) build on and a user of the
 * package does not need: the time-of-impact driver's queries, kinds and pools, shared by
 * `timeOfImpact`, `timeOfImpact2` and the broad phase's pair runs. No compatibility promise beyond
 * the workspace's own packages.
 *
 * @packageDocumentation
 */

export { curvePolygonPath2 } from './curve-polygon2.js';
export {
  type DriverBody,
  type DriverEvaluator,
  type DriverResult,
  type ImpactKind,
  ImpactQuery,
  timeOfImpactUnlessSeparate,
  timeOfImpactWith,
} from './driver.js';
export { POLYGON_QUERIES2, PolygonQuery2, polygonPath2 } from './polygon-query2.js';
export { type PolygonPlacement2, polygonStep2 } from './polygon-step2.js';
export { SHAPE_QUERIES, SHAPES } from './shape-kind.js';
export { SHAPE_QUERIES2, SHAPES2 } from './shape-kind2.js';
export { SURFACE_QUERIES, SURFACES, separateOrImpact } from './time-of-impact.js';
export { CURVE_QUERIES, CURVES, separateOrImpact2 } from './time-of-impact2.js';
export { unitTolerance, unscaled } from './unit-step.js';
