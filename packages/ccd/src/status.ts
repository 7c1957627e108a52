/**
 * How a time-of-impact query ended, and what its `toi` means:
 *
 * | status | meaning | toi |
 * | --- | --- | --- |
 * | `Contact` | an iterate's gap is within the tolerance | the first iterate with gap ≤ tolerance |
 * | `Separate` | the gap stays above half the tolerance over the step (it may dip below the tolerance between iterates) | 1 (the gap at s = 1 is above the tolerance) |
 * | `InitialContact` | the gap at s = 0 is already ≤ tolerance | 0 |
 * | `NotConverged` | the iteration cap was hit | the last iterate: still a certified lower bound on the contact time |
 *
 * @example
 * ```ts
 * import { CcdStatus } from '@firsttouch/ccd';
 * console.log(CcdStatus.Contact, CcdStatus.NotConverged); // contact not-converged
 * ```
 */
export const CcdStatus = Object.freeze({
  Contact: 'contact',
  Separate: 'separate',
  InitialContact: 'initial-contact',
  NotConverged: 'not-converged',
} as const);

/**
 * One of the values of {@link CcdStatus}.
 *
 * @example
 * ```ts
 * import { CcdStatus, type CcdStatusValue } from '@firsttouch/ccd';
 * const s: CcdStatusValue = CcdStatus.Separate;
 * console.log(s); // separate
 * ```
 */
export type CcdStatusValue = (typeof CcdStatus)[keyof typeof CcdStatus];
