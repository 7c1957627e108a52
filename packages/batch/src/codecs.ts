import {
  deserialize as convexDeserialize,
  serialize as convexSerialize,
  isShape2,
  isShape3,
  type Shape,
} from '@firsttouch/convex';
import { describeBody } from '@firsttouch/convex/internal';
import {
  Compound,
  Compound2,
  Curve,
  deserialize as meshDeserialize,
  serialize as meshSerialize,
  Surface,
  type TreeCheck,
} from '@firsttouch/mesh';
import { describeValue, FirstTouchError } from '@firsttouch/pose';

/**
 * How the pool sends one family of bodies: the package that owns them serializes and deserializes
 * them, and its data says which it is by its `kind` field.
 *
 * @example
 * ```ts
 * import { BODY_CODECS } from '@firsttouch/batch';
 * console.log(BODY_CODECS.map((c) => c.kinds.join(' ')).join(', ')); // surface curve, shape, compound compound2
 * ```
 */
export interface BodyCodec {
  /** The package that owns the bodies (for messages). */
  readonly owner: string;
  /** The `kind` fields of its data. */
  readonly kinds: readonly string[];
  /** True for a body of this family. */
  owns(body: unknown): boolean;
  /** The body as plain data of typed arrays (in a `SharedArrayBuffer` when `shared`). */
  serialize(body: unknown, shared: boolean): { readonly kind: string };
  /**
   * The body of such data, checked: `'full'`, everything its answers rely on (data from anywhere), or
   * `'safety'`, what keeps queries from crashing or looping (data the same program serialized: a
   * pool's own workers). See mesh's `DeserializeOptions`.
   */
  deserialize(data: unknown, check: TreeCheck): unknown;
}

/**
 * Elements (facets, segments) from which a body's tree, when the pool sends the body before the tree
 * is built, is built straight into shared memory (with a shared pool): the tree, about 33 bytes a
 * facet, is then sent without a copy, and only the body's own arrays are copied. Below it, one
 * buffer for the whole body is cheaper than two.
 *
 * @example
 * ```ts
 * import { LARGE_BODY } from '@firsttouch/batch';
 * console.log(LARGE_BODY); // 65536
 * ```
 */
export const LARGE_BODY = 65_536;

/** The data of a Surface or a Curve: a large one's tree built in shared memory first (see {@link LARGE_BODY}). */
function meshData(body: Surface | Curve, shared: boolean): { readonly kind: string } {
  const elements = Surface.isSurface(body) ? body.facetCount : body.segmentCount;
  // Options of a tree already built are ignored: this only decides where a tree not yet built goes.
  if (shared && elements >= LARGE_BODY) body.tree({ shared: true });
  return meshSerialize(body, { shared });
}

/**
 * The families of bodies a pool can send, a frozen table (no module state), one entry each: Surface
 * and Curve, by `@firsttouch/mesh`; convex shapes, by `@firsttouch/convex`; compounds (of Surfaces
 * and 3-D shapes, or of Curves and 2-D shapes), by `@firsttouch/mesh`. Each is serialized and read back by the package that owns
 * it.
 *
 * @example
 * ```ts
 * import { BODY_CODECS } from '@firsttouch/batch';
 * console.log(Object.isFrozen(BODY_CODECS), BODY_CODECS[0].owner); // true @firsttouch/mesh
 * ```
 */
export const BODY_CODECS: readonly BodyCodec[] = Object.freeze([
  Object.freeze({
    owner: '@firsttouch/mesh',
    kinds: Object.freeze(['surface', 'curve']),
    owns: (body: unknown) => Surface.isSurface(body) || Curve.isCurve(body),
    serialize: (body: unknown, shared: boolean) => meshData(body as Surface | Curve, shared),
    deserialize: (data: unknown, check: TreeCheck) => meshDeserialize(data, { check }),
  }),
  Object.freeze({
    owner: '@firsttouch/convex',
    kinds: Object.freeze(['shape']),
    // (not a point set rewritten in place: GJK's scratch is no body, here as in the direct calls)
    owns: (body: unknown) => isShape3(body) || isShape2(body),
    serialize: (body: unknown, shared: boolean) => convexSerialize(body as Shape, { shared }),
    // A shape's data has no boxes to trust: its check is the same either way.
    deserialize: (data: unknown) => convexDeserialize(data),
  }),
  Object.freeze({
    owner: '@firsttouch/mesh',
    kinds: Object.freeze(['compound', 'compound2']),
    owns: (body: unknown) => Compound.isCompound(body) || Compound2.isCompound2(body),
    serialize: (body: unknown, shared: boolean) => meshSerialize(body as Compound | Compound2, { shared }),
    deserialize: (data: unknown, check: TreeCheck) => meshDeserialize(data, { check }),
  }),
]);

/** The serialized data of `body`, by the codec that owns it. */
export function serializeBody(body: unknown, shared: boolean, where: string): { readonly kind: string } {
  for (const codec of BODY_CODECS) if (codec.owns(body)) return codec.serialize(body, shared);
  throw new FirstTouchError(
    'INVALID_OPTION',
    `${where}: body must be a Surface, a Curve, a convex shape or a compound, got ${describeBody(body)}`,
  );
}

/** The body of `data`, by the codec of its `kind`, checked as `check` says. */
export function deserializeBody(data: unknown, check: TreeCheck): unknown {
  const kind = typeof data === 'object' && data !== null ? (data as { kind?: unknown }).kind : undefined;
  for (const codec of BODY_CODECS) {
    if (typeof kind === 'string' && codec.kinds.includes(kind)) return codec.deserialize(data, check);
  }
  throw new FirstTouchError('BAD_DATA', `body data of kind ${describeValue(kind)}: no package here reads it`);
}
