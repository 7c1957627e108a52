/**
 * What the packages above `@firsttouch/broadphase` build on and a user of the package does not
 * need: the first-impact searches with the overlapping boxes of each window taken from the caller
 * (`@firsttouch/world` keeps its boxes sorted from step to step), and the fresh sweep they replace.
 * No compatibility promise beyond the workspace's own packages.
 *
 * @packageDocumentation
 */
export type { StepBodies } from './bodies.js';
export { firstImpactFrom } from './first-impact.js';
export { firstImpact2From } from './first-impact2.js';
export type { PairSource } from './pair-source.js';
export { overlappingPairs } from './sweep-and-prune.js';
