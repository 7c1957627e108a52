/**
 * A body the slab reads through its support mapping (a convex shape of `@firsttouch/convex`, or a
 * compound's parts): the point of its core farthest along a direction of its own frame, the ball
 * its core is grown by, and its largest distance from its origin.
 */
export interface SupportBody {
  readonly margin: number;
  readonly reach: number;
  support(d: Float64Array, out: Float64Array): number;
}
