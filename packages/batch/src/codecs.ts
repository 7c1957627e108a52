import { Curve, deserialize as meshDeserialize, serialize as meshSerialize, Surface } from '@firsttouch/mesh';
import { describeValue, FirstTouchError } from '@firsttouch/pose';

/**
 * How the pool sends one family of bodies: the package that owns them serializes and deserializes
 * them, and its data says which it is by its `kind` field.
 *
 * @example
 * ```ts
 * import { BODY_CODECS } from '@firsttouch/batch';
 * console.log(BODY_CODECS.map((c) => c.kinds.join(' ')).join(', ')); // surface curve
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
  /** The body of such data, checked. */
  deserialize(data: unknown): unknown;
}

/**
 * The families of bodies a pool can send, a frozen table (no module state): Surface and Curve, by
 * `@firsttouch/mesh`. Convex shapes and compounds add one entry each, owned by the package that
 * defines them (see the README, "Other body kinds").
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
    serialize: (body: unknown, shared: boolean) => meshSerialize(body as Surface | Curve, { shared }),
    deserialize: (data: unknown) => meshDeserialize(data),
  }),
]);

/** The serialized data of `body`, by the codec that owns it. */
export function serializeBody(body: unknown, shared: boolean, where: string): { readonly kind: string } {
  for (const codec of BODY_CODECS) if (codec.owns(body)) return codec.serialize(body, shared);
  throw new FirstTouchError(
    'INVALID_OPTION',
    `${where}: body must be a Surface or a Curve, got ${describeValue(body)}`,
  );
}

/** The body of `data`, by the codec of its `kind`. */
export function deserializeBody(data: unknown): unknown {
  const kind = typeof data === 'object' && data !== null ? (data as { kind?: unknown }).kind : undefined;
  for (const codec of BODY_CODECS) {
    if (typeof kind === 'string' && codec.kinds.includes(kind)) return codec.deserialize(data);
  }
  throw new FirstTouchError('BAD_DATA', `body data of kind ${describeValue(kind)}: no package here reads it`);
}
