/**
 * The earliest contact among many moving bodies, and the pairs close at an instant: sweep-and-prune
 * on swept boxes, a 4-D box test, then certified times of impact in the order of their lower
 * bounds. Depends on `@firsttouch/pose`, `@firsttouch/mesh` and `@firsttouch/ccd`.
 *
 * @packageDocumentation
 */
export type { ManyBody3 } from './body-runner.js';
export type { ManyBody2 } from './body-runner2.js';
export { allImpacts, type FirstImpactResult, firstImpact, type PairImpact } from './first-impact.js';
export { allImpacts2, type FirstImpact2Result, firstImpact2, type PairImpact2 } from './first-impact2.js';
export { type ProximityResult, proximityPairs, proximityPairsWithin } from './proximity.js';
export type { ImpactOptions, ImpactProgress } from './search.js';
export { sweepAndPrune } from './sweep-and-prune.js';
