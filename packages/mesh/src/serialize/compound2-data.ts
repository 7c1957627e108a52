import { type ShapeData, serialize as serializeShape } from '@firsttouch/convex';
import { typedArray } from '@firsttouch/convex/internal';
import { describeValue, FirstTouchError } from '@firsttouch/pose';
import { type Compound2, type CompoundPart2, compound2 } from '../compound2.js';
import { Curve } from '../curve.js';

/**
 * A {@link Compound2} as plain data: each part's body as its own package serializes it (a Curve by
 * this package's `serialize`, with its tree; a 2-D convex shape by `@firsttouch/convex`'s), and the
 * parts' 2-D poses, 3 numbers a part (angle, then t). As for the 3-D {@link CompoundData}, only the
 * public parts list is sent: {@link compound2} makes the compound again from it.
 *
 * @example
 * ```ts
 * import { ball2 } from '@firsttouch/convex';
 * import { compound2, rectangle, serialize, type Compound2Data } from '@firsttouch/mesh';
 * import { pose2 } from '@firsttouch/pose';
 * const c = compound2([{ body: rectangle(2, 0.2), pose: pose2() }, { body: ball2(0.5), pose: pose2(0, [0, 1]) }]);
 * const data = serialize(c) as Compound2Data;
 * console.log(data.kind, data.parts.map((p) => p.kind).join(' '), data.poses.length); // compound2 curve shape 6
 * ```
 */
export interface Compound2Data {
  readonly kind: 'compound2';
  /** The version of mesh's data (`DATA_VERSION`). */
  readonly version: number;
  /** Each part's body as data, in order: a curve's (with its tree) or a 2-D convex shape's. */
  readonly parts: readonly ({ readonly kind: string } | ShapeData)[];
  /** Each part's pose in the compound's frame: its angle, then t (2 numbers): 3 a part. */
  readonly poses: Float64Array;
}

/**
 * The data of `c`: its parts' bodies by `serializeMesh` (this package's serialize, passed in so that
 * this file does not import the one that imports it) or convex's, and their poses.
 */
export function compound2Data(
  c: Compound2,
  version: number,
  shared: boolean,
  serializeMesh: (body: Curve, shared: boolean) => { readonly kind: string },
): Compound2Data {
  const poses = new Float64Array(3 * c.partCount);
  const parts = c.parts.map((part, i) => {
    poses[3 * i] = part.pose.angle;
    poses[3 * i + 1] = part.pose.t[0];
    poses[3 * i + 2] = part.pose.t[1];
    return Curve.isCurve(part.body)
      ? serializeMesh(part.body, shared)
      : serializeShape(part.body, { shared });
  });
  return { kind: 'compound2', version, parts, poses };
}

/**
 * The compound of checked data `d` (kind and version already read): each part's body read by its
 * package (`deserializeMesh` for this package's kinds), then {@link compound2} on the parts, whose
 * checks (a Curve or a 2-D shape, a finite pose each) answer as `BAD_DATA` naming the part. Parts
 * are never compounds here (a compound2 holds curves and shapes), so nothing nests.
 *
 * @throws `FirstTouchError` `BAD_DATA`, or the code of a part's own check.
 */
export function compound2Of(
  d: Record<string, unknown>,
  where: string,
  deserializePart: (data: unknown, where: string, kind: unknown) => unknown,
): Compound2 {
  const bad = (what: string) => new FirstTouchError('BAD_DATA', `${where}: ${what}`);
  if (!Array.isArray(d.parts))
    throw bad(`parts must be an array of body data, got ${describeValue(d.parts)}`);
  const data = d.parts as unknown[];
  const poses = typedArray(d.poses, 'Float64Array', 'poses', where);
  if (poses.length !== 3 * data.length)
    throw bad(`poses has length ${poses.length}, 3 a part: ${3 * data.length}`);
  const parts: CompoundPart2[] = data.map((p, i) => {
    const at = `${where}: parts[${i}]`;
    const kind = typeof p === 'object' && p !== null ? (p as { kind?: unknown }).kind : undefined;
    if (kind !== 'shape' && kind !== 'curve')
      throw bad(`parts[${i}] must be a curve's or a 2-D shape's data, got kind ${describeValue(kind)}`);
    const body = deserializePart(p, at, kind);
    return {
      body: body as CompoundPart2['body'],
      pose: { angle: poses[3 * i], t: poses.subarray(3 * i + 1, 3 * i + 3) },
    };
  });
  try {
    return compound2(parts);
  } catch (e) {
    if (e instanceof FirstTouchError) throw bad(e.message);
    throw e;
  }
}
