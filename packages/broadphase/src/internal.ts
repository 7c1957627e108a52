/**
 * What the packages above `@firsttouch/broadphase` build on and a user of the package does not
 * need: the first-impact searches with the overlapping boxes of each window taken from the caller
 * (`@firsttouch/world` keeps its boxes sorted from step to step), the fresh sweep they replace,
 * and the step data, swept boxes and pair bounds the world's event-driven step keeps per pair.
 * No compatibility promise beyond the workspace's own packages.
 *
 * @packageDocumentation
 */
export {
  type BodyLayout,
  bodyLayout,
  boxesMeetInStep,
  impactLowerBound,
  inPlayOf,
  largestNorm,
  type StepBodies,
  stepBodies2,
  sweptBoxes,
} from './bodies.js';
export { firstImpactFrom } from './first-impact.js';
export { firstImpact2From } from './first-impact2.js';
export { PairBound } from './pair-bound.js';
export type { PairSource } from './pair-source.js';
export { unitScene } from './scene-scale.js';
export { Scratch } from './scratch.js';
export { impactOptionsOnce, resolveImpactOptions } from './search.js';
export { plainPose3, stepBodies3 } from './step-bodies3.js';
export { overlappingPairs } from './sweep-and-prune.js';
