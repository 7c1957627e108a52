import {
  deserialize as deserializeShape,
  type ShapeData,
  serialize as serializeShape,
} from '@firsttouch/convex';
import { typedArray } from '@firsttouch/convex/internal';
import { describeValue, FirstTouchError } from '@firsttouch/pose';
import { type Compound, type CompoundPart, compound } from '../compound.js';
import { Surface } from '../surface.js';

/**
 * A {@link Compound} as plain data: each part's body as its own package serializes it (a Surface by
 * this package's `serialize`, with its tree; a convex shape by `@firsttouch/convex`'s), and the
 * parts' poses, 12 numbers a part (R row by row, then t). Only the public parts list is sent: the
 * compound is made again by {@link compound} from it, which measures the parts afresh.
 *
 * @example
 * ```ts
 * import { ball } from '@firsttouch/convex';
 * import { box, compound, serialize, type CompoundData } from '@firsttouch/mesh';
 * import { identityPose } from '@firsttouch/pose';
 * const c = compound([{ body: box(1), pose: identityPose() }, { body: ball(0.5), pose: identityPose() }]);
 * const data = serialize(c) as CompoundData;
 * console.log(data.kind, data.parts.map((p) => p.kind).join(' '), data.poses.length); // compound surface shape 24
 * ```
 */
export interface CompoundData {
  readonly kind: 'compound';
  /** The version of mesh's data (`DATA_VERSION`). */
  readonly version: number;
  /** Each part's body as data, in order: a surface's (with its tree) or a convex shape's. */
  readonly parts: readonly ({ readonly kind: string } | ShapeData)[];
  /** Each part's pose in the compound's frame: R (9 numbers, row by row) then t (3), 12 a part. */
  readonly poses: Float64Array;
}

/** A part's convex shape (3-D or 2-D), its errors naming the part. */
export function shapeOf(data: unknown, at: string): unknown {
  try {
    return deserializeShape(data);
  } catch (e) {
    if (e instanceof FirstTouchError)
      throw new FirstTouchError('BAD_DATA', e.message.replace(/^deserialize/, at));
    throw e;
  }
}

/** Parts nested in parts deeper than this are refused (no compound holds a compound today). */
const MAX_DEPTH = 8;

/**
 * The data of compound `c`: its parts' bodies by `serializeMesh` (this package's serialize, passed
 * in so that this file does not import the one that imports it) or convex's, and their poses.
 */
export function compoundData(
  c: Compound,
  version: number,
  shared: boolean,
  serializeMesh: (body: Surface, shared: boolean) => { readonly kind: string },
): CompoundData {
  const poses = new Float64Array(12 * c.partCount);
  const parts = c.parts.map((part, i) => {
    poses.set(part.pose.R, 12 * i);
    poses.set(part.pose.t, 12 * i + 9);
    return Surface.isSurface(part.body)
      ? serializeMesh(part.body, shared)
      : serializeShape(part.body, { shared });
  });
  return { kind: 'compound', version, parts, poses };
}

/**
 * The compound of checked data `d` (kind and version already read): each part's body read by
 * `deserializePart` (convex's reader for a shape, this package's for the other kinds), then
 * {@link compound} on the parts, whose
 * checks (a Surface with facets or a 3-D shape, a rotation and a finite translation each) answer as
 * `BAD_DATA` naming the part.
 *
 * @throws `FirstTouchError` `BAD_DATA`, or the code of a part's own check.
 */
export function compoundOf(
  d: Record<string, unknown>,
  where: string,
  depth: number,
  deserializePart: (data: unknown, where: string, depth: number, kind: unknown) => unknown,
): Compound {
  const bad = (what: string) => new FirstTouchError('BAD_DATA', `${where}: ${what}`);
  if (depth >= MAX_DEPTH) throw bad(`parts nested more than ${MAX_DEPTH} deep`);
  if (!Array.isArray(d.parts))
    throw bad(`parts must be an array of body data, got ${describeValue(d.parts)}`);
  const data = d.parts as unknown[];
  const poses = typedArray(d.poses, 'Float64Array', 'poses', where);
  if (poses.length !== 12 * data.length)
    throw bad(`poses has length ${poses.length}, 12 a part: ${12 * data.length}`);
  const parts: CompoundPart[] = data.map((p, i) => {
    const at = `${where}: parts[${i}]`;
    const kind = typeof p === 'object' && p !== null ? (p as { kind?: unknown }).kind : undefined;
    const body = deserializePart(p, at, depth + 1, kind);
    return {
      body: body as CompoundPart['body'],
      pose: { R: poses.subarray(12 * i, 12 * i + 9), t: poses.subarray(12 * i + 9, 12 * i + 12) },
    };
  });
  try {
    return compound(parts);
  } catch (e) {
    if (e instanceof FirstTouchError) throw bad(e.message);
    throw e;
  }
}
