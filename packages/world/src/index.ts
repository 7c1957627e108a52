/**
 * Bodies that persist across steps, above `@firsttouch/broadphase`: sorted sweep-and-prune lists
 * kept from step to step, the earliest impact of a step among the pairs the kinds and filters
 * allow, and the continuous step (advance to each impact, let the caller answer, go on). 3-D
 * (`World`) and 2-D (`World2`).
 *
 * @packageDocumentation
 */

export { FatBoxes } from './fat-boxes.js';
export {
  type AddOptions,
  type BodyKind,
  type ImpactEvent,
  type StepOptions,
  type StepResult,
  StepStatus,
  type StepStatusValue,
  type WorldImpact,
} from './records.js';
export { MAX_SWEEP_BODIES, SortedSweep } from './sorted-sweep.js';
export { type Body2, type Body3, World, World2 } from './world.js';
