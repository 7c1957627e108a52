// What a worker does with one query of each operation: the library's own call on the bodies it
// holds, so that the answer is the sequential one, bit for bit.
import { firstImpact, firstImpact2 } from '@firsttouch/broadphase';
import { timeOfImpact, timeOfImpact2 } from '@firsttouch/ccd';
import { Shape, shapeDistance, shapeDistance2 } from '@firsttouch/convex';
import { Curve, curveDistance, type Surface, surfaceDistance } from '@firsttouch/mesh';
import { type AbortSignalLike, describeValue, FirstTouchError } from '@firsttouch/pose';
import type { OpName } from './protocol.js';

/** The body a query names, or `UNKNOWN_BODY`. */
export type BodyOf = (id: unknown, name: string) => unknown;

type Fields = Record<string, unknown>;

/** The query's options with the worker's stop signal added (where the call takes one). */
function withSignal(options: unknown, signal: AbortSignalLike | undefined): unknown {
  if (signal === undefined) return options;
  if (options === undefined) return { signal };
  if (typeof options !== 'object' || options === null) return options; // the call names the mistake
  return { ...(options as Fields), signal };
}

/**
 * The query's options with its `poseA` and `poseB` fields added (where it has them). Options that are
 * no object go to the call as they are, which refuses them as a direct call would (they had been
 * spread into a new object and answered).
 */
function withPoses(options: unknown, poseA: unknown, poseB: unknown): unknown {
  if (poseA === undefined && poseB === undefined) return options;
  if (options !== undefined && (typeof options !== 'object' || options === null)) return options;
  const o: Fields = { ...(options as Fields | undefined) };
  if (poseA !== undefined) o.poseA = poseA;
  if (poseB !== undefined) o.poseB = poseB;
  return o;
}

/** The bodies of a scene, by their ids. */
function scene(q: Fields, body: BodyOf): unknown[] {
  if (!Array.isArray(q.bodies)) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `bodies must be an array of body ids, got ${describeValue(q.bodies)}`,
    );
  }
  // By index, refusing the first hole: `map` walked every hole of a sparse array (2³²−1 of them from
  // a tampered job of 57 bytes) before any check.
  const list = q.bodies;
  const out: unknown[] = [];
  for (let k = 0; k < list.length; k++) {
    if (!(k in list))
      throw new FirstTouchError('INVALID_OPTION', `bodies[${k}] must be a body id, got a hole in the array`);
    out.push(body(list[k], `bodies[${k}]`));
  }
  return out;
}

/**
 * Each operation on one query (its fields as the caller gave them), a frozen table: the call and
 * nothing else, so that the answer is the library's.
 */
export const RUN: Readonly<
  Record<OpName, (q: Fields, body: BodyOf, signal: AbortSignalLike | undefined) => unknown>
> = Object.freeze({
  timeOfImpact: (q, body, signal) =>
    timeOfImpact(
      body(q.a, 'a') as Surface,
      body(q.b, 'b') as Surface,
      q.motion as never,
      withSignal(q.options, signal) as never,
    ),
  timeOfImpact2: (q, body, signal) =>
    timeOfImpact2(
      body(q.a, 'a') as Curve,
      body(q.b, 'b') as Curve,
      q.motion as never,
      withSignal(q.options, signal) as never,
    ),
  distance: (q, body) => {
    const a = body(q.a, 'a');
    const b = body(q.b, 'b');
    const options = withPoses(q.options, q.poseA, q.poseB) as never;
    if (Shape.isShape(a) && Shape.isShape(b))
      return a.dim === 2
        ? shapeDistance2(a as Shape<2>, b as Shape<2>, options)
        : shapeDistance(a as Shape<3>, b as Shape<3>, options);
    return Curve.isCurve(a) || Curve.isCurve(b)
      ? curveDistance(a as Curve, b as Curve, options)
      : surfaceDistance(a as Surface, b as Surface, options);
  },
  firstImpact: (q, body, signal) =>
    firstImpact(
      scene(q, body) as Surface[],
      q.poses0 as never,
      q.poses1 as never,
      withSignal(q.options, signal) as never,
    ),
  firstImpact2: (q, body, signal) =>
    firstImpact2(
      scene(q, body) as Curve[],
      q.poses0 as never,
      q.poses1 as never,
      withSignal(q.options, signal) as never,
    ),
});
