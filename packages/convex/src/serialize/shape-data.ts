import { describeValue, FirstTouchError } from '@firsttouch/pose';
import { pointShape } from '../hull/point-set.js';
import { polygonShape } from '../hull/polygon.js';
import { Shape, type ShapeKind } from '../shape.js';
import { ball2, capsule2, cuboid2 } from '../shapes/primitives2.js';
import { ball, capsule, cone, cuboid, cylinder } from '../shapes/primitives3.js';
import { roundedShape } from '../shapes/rounded.js';
import { assertLength } from '../validate.js';
import { checkedPoints, type PointArrays } from './point-data.js';
import { packArrays } from './typed.js';

/**
 * The version of the data {@link serialize} writes and {@link deserialize} reads. A later layout gets
 * a new number; data of another version is refused (`BAD_DATA`), never misread.
 *
 * @example
 * ```ts
 * import { ball, serialize, SHAPE_DATA_VERSION } from '@firsttouch/convex';
 * console.log(SHAPE_DATA_VERSION, serialize(ball(1)).version === SHAPE_DATA_VERSION); // 1 true
 * ```
 */
export const SHAPE_DATA_VERSION = 1;

/**
 * A {@link Shape} as plain data: what structured clone copies and `postMessage` can transfer (the
 * typed arrays of a hull lie back to back in one buffer), tagged `kind: 'shape'`. A primitive is its
 * kind and parameters; a hull, polygon or point set adds its built data (the points it kept, their
 * indices in the input, a hull's facets and the vertex adjacency its supports climb over), so that
 * the hull is not built again (only its support table, derived from the points and facets, is made
 * afresh); a rounded shape is its margin and the data of the shape it rounds.
 *
 * @example
 * ```ts
 * import { capsule, serialize, type ShapeData } from '@firsttouch/convex';
 * const data: ShapeData = serialize(capsule(1, 0.25));
 * console.log(data.kind, data.shape, data.params); // shape capsule { halfHeight: 1, radius: 0.25 }
 * ```
 */
export interface ShapeData {
  readonly kind: 'shape';
  /** {@link SHAPE_DATA_VERSION}. */
  readonly version: number;
  /** {@link Shape.kind}. */
  readonly shape: ShapeKind;
  /** {@link Shape.params}, a plain object of numbers. */
  readonly params: Readonly<Record<string, number>>;
  /** A rounded shape's margin (the radii of all its roundings added up). */
  readonly margin?: number;
  /** A rounded shape's base (never itself rounded). */
  readonly base?: ShapeData;
  /** A hull's, polygon's or point set's points (3 or 2 numbers each). */
  readonly points?: Float64Array;
  /** For each point, its index in the points the shape was made from. */
  readonly sources?: Uint32Array;
  /** A 3-D hull's facets, three point indices each. */
  readonly facets?: Uint32Array;
  /** A 3-D hull's vertex adjacency: point k's neighbours are `neighbours[start[k] .. start[k + 1])` (both empty when its supports scan). */
  readonly start?: Int32Array;
  /** See {@link ShapeData.start}. */
  readonly neighbours?: Int32Array;
  /** Supports climb over the hull's edges (3-D) or walk around the polygon (2-D) instead of scanning. */
  readonly climb?: boolean;
}

/**
 * Options of {@link serialize}.
 *
 * @example
 * ```ts
 * import { convexHull, serialize, type ShapeSerializeOptions } from '@firsttouch/convex';
 * const options: ShapeSerializeOptions = { shared: true };
 * const data = serialize(convexHull([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1]), options);
 * console.log(data.points?.buffer instanceof SharedArrayBuffer); // true
 * ```
 */
export interface ShapeSerializeOptions {
  /**
   * Put a hull's arrays in a `SharedArrayBuffer` (default false): every thread it is posted to reads
   * the same memory. Needs `SharedArrayBuffer` (in a browser, a page that is cross-origin isolated).
   */
  shared?: boolean;
}

/** The primitives: rebuilt by their constructor from their parameters (a few numbers, checked there). */
const PRIMITIVES: Readonly<Record<string, readonly [readonly string[], (...p: number[]) => Shape]>> =
  Object.freeze({
    ball: Object.freeze([Object.freeze(['radius']), ball] as const),
    cuboid: Object.freeze([Object.freeze(['hx', 'hy', 'hz']), cuboid] as const),
    capsule: Object.freeze([Object.freeze(['halfHeight', 'radius']), capsule] as const),
    cylinder: Object.freeze([Object.freeze(['halfHeight', 'radius']), cylinder] as const),
    cone: Object.freeze([Object.freeze(['halfHeight', 'radius']), cone] as const),
    ball2: Object.freeze([Object.freeze(['radius']), ball2] as const),
    cuboid2: Object.freeze([Object.freeze(['hx', 'hy']), cuboid2] as const),
    capsule2: Object.freeze([Object.freeze(['halfHeight', 'radius']), capsule2] as const),
  });

/** The kinds made of points, with their dimension and parameter names. */
const POINT_KINDS: Readonly<Record<string, readonly [2 | 3, readonly string[]]>> = Object.freeze({
  convexHull: Object.freeze([3, Object.freeze(['vertices', 'facets'])] as const),
  pointSet: Object.freeze([3, Object.freeze(['count', 'vertices'])] as const),
  convexPolygon: Object.freeze([2, Object.freeze(['vertices'])] as const),
  pointSet2: Object.freeze([2, Object.freeze(['count', 'vertices'])] as const),
});

/**
 * A convex shape as plain data ({@link ShapeData}), with a hull's built data: {@link deserialize}
 * makes it the shape again, equal in every field and so in every answer, here or in another thread,
 * window or process. The shape keeps its own arrays (the data holds copies).
 *
 * @throws `FirstTouchError` `INVALID_OPTION` for a value that is not a shape, or bad options.
 * @example
 * ```ts
 * import { cuboid, deserialize, rounded, serialize, shapeDistance } from '@firsttouch/convex';
 * import { poseFromAxisAngle } from '@firsttouch/pose';
 * const brick = rounded(cuboid(1, 0.5, 0.25), 0.1);
 * const copy = deserialize(structuredClone(serialize(brick))) as typeof brick; // (either dimension: say which)
 * const poseB = poseFromAxisAngle([0, 0, 1], 0.3, [3, 0, 0]);
 * const d0 = shapeDistance(brick, brick, { poseB }).distance;
 * console.log(copy.kind, copy.base?.kind, shapeDistance(copy, copy, { poseB }).distance === d0); // rounded cuboid true
 * ```
 */
export function serialize(shape: Shape, options?: ShapeSerializeOptions): ShapeData {
  if (!Shape.isShape(shape)) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `serialize: shape must be a shape of @firsttouch/convex, got ${describeValue(shape)}`,
    );
  }
  if (options !== undefined && (typeof options !== 'object' || options === null)) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `serialize: options must be an object, got ${describeValue(options)}`,
    );
  }
  const shared = options?.shared ?? false;
  if (typeof shared !== 'boolean') {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `serialize: shared must be a boolean, got ${describeValue(shared)}`,
    );
  }
  return shapeData(shape, shared);
}

function shapeData(shape: Shape, shared: boolean): ShapeData {
  const head = {
    kind: 'shape',
    version: SHAPE_DATA_VERSION,
    shape: shape.kind,
    params: { ...shape.params },
  } as const;
  if (shape.kind === 'rounded' && shape.base !== null)
    return { ...head, margin: shape.margin, base: shapeData(shape.base, shared) };
  if (POINT_KINDS[shape.kind] === undefined) return head;
  const [points, sources, facets, start, neighbours] = packArrays(
    [shape.points, shape.sources, shape.facetIndices, shape.start, shape.neighbours] as const,
    shared,
  );
  return { ...head, points, sources, facets, start, neighbours, climb: shape.climb };
}

/**
 * The shape of data made by {@link serialize} (here or elsewhere), with a hull's data as it was
 * built: the hull is not built again (its support table is made from its points and facets, as
 * `convexHull` makes it). Checked first, in time linear in its size: the kind and version, each
 * parameter (a primitive's through its constructor), a hull's arrays (kinds, lengths, finite points,
 * every index in range, the adjacency well formed), so that no query on it can crash or loop. The
 * hull data is not proved to be the hull of its points (that is the hull build again): data altered
 * by hand may answer for another shape. The shape reads a hull's arrays' memory in place, through views
 * of its own (shared memory stays shared): do not modify it afterwards.
 *
 * @throws `FirstTouchError` `BAD_DATA` naming the field and what is wrong with it.
 * @example
 * ```ts
 * import { ball, deserialize, serialize } from '@firsttouch/convex';
 * console.log(deserialize(serialize(ball(0.5))).reach); // 0.5
 * try {
 *   deserialize({ kind: 'shape', version: 1, shape: 'ball', params: { radius: -1 } });
 * } catch (e) {
 *   console.log((e as Error).message); // deserialize: ball: radius must be positive, got -1
 * }
 * ```
 */
export function deserialize(data: unknown): Shape {
  return shapeOf(data, 'deserialize', 0);
}

/** Roundings nest one deep (a rounded shape's base is never rounded): deeper data is refused. */
const MAX_DEPTH = 1;

function shapeOf(data: unknown, where: string, depth: number): Shape {
  const bad = (what: string) => new FirstTouchError('BAD_DATA', `${where}: ${what}`);
  if (typeof data !== 'object' || data === null)
    throw bad(`data must be an object, got ${describeValue(data)}`);
  const d = data as Record<string, unknown>;
  if (d.kind !== 'shape') throw bad(`kind must be "shape", got ${describeValue(d.kind)}`);
  if (d.version !== SHAPE_DATA_VERSION)
    throw bad(
      `data of version ${describeValue(d.version)}; this package reads version ${SHAPE_DATA_VERSION}`,
    );
  const kind = d.shape;
  if (typeof d.params !== 'object' || d.params === null)
    throw bad(`params must be an object of numbers, got ${describeValue(d.params)}`);
  const params = d.params as Record<string, unknown>;
  const numbers = (names: readonly string[]) =>
    names.map((name) => {
      const v = params[name];
      if (typeof v !== 'number') throw bad(`params.${name} must be a number, got ${describeValue(v)}`);
      return v;
    });
  if (typeof kind === 'string' && Object.hasOwn(PRIMITIVES, kind)) {
    const [names, make] = PRIMITIVES[kind];
    try {
      return make(...numbers(names));
    } catch (e) {
      if (e instanceof FirstTouchError && e.code !== 'BAD_DATA') throw bad(e.message);
      throw e;
    }
  }
  if (typeof kind === 'string' && Object.hasOwn(POINT_KINDS, kind)) {
    const [dim, names] = POINT_KINDS[kind];
    const values = numbers(names);
    const arrays = checkedPoints(d, dim, kind, where);
    checkCounts(kind, names, values, arrays, bad);
    return dim === 3
      ? pointShape(
          kind as 'convexHull' | 'pointSet',
          arrays.points,
          arrays.sources,
          arrays.facets,
          { start: arrays.start, neighbours: arrays.neighbours, climbable: arrays.climb },
          Object.fromEntries(names.map((n, i) => [n, values[i]])),
        )
      : polygonShape(
          kind as 'convexPolygon' | 'pointSet2',
          arrays.points,
          arrays.sources,
          arrays.climb,
          kind === 'pointSet2' ? values[0] : arrays.points.length / 2,
        );
  }
  if (kind === 'rounded') {
    if (depth >= MAX_DEPTH) throw bad('a rounded shape whose base is rounded: a base is never rounded');
    const [radius] = numbers(['radius']);
    const base = shapeOf(d.base, `${where}: base`, depth + 1);
    const margin = d.margin;
    try {
      assertLength(radius, 'rounded', 'radius');
    } catch (e) {
      throw bad((e as Error).message);
    }
    // The margin is the base's plus every rounding's radius: at least the base's plus the latest one
    // (rounding is monotone, so this holds of the floating-point sums too).
    if (typeof margin !== 'number' || !Number.isFinite(margin) || !(margin >= base.margin + radius))
      throw bad(
        `rounded: margin must be a finite number ≥ the base's margin + radius, got ${describeValue(margin)}`,
      );
    return roundedShape(base, radius, margin);
  }
  throw bad(`shape must be a kind of shape of this package, got ${describeValue(kind)}`);
}

/** A point shape's parameters agree with its arrays (a hull's vertices and facets; a set's count). */
function checkCounts(
  kind: string,
  names: readonly string[],
  values: readonly number[],
  arrays: PointArrays,
  bad: (what: string) => FirstTouchError,
): void {
  const dim = kind === 'convexHull' || kind === 'pointSet' ? 3 : 2;
  const want: Record<string, number> = {
    vertices: arrays.points.length / dim,
    facets: arrays.facets.length / 3,
  };
  names.forEach((name, i) => {
    const v = values[i];
    if (name === 'count') {
      if (!(Number.isInteger(v) && v >= want.vertices))
        throw bad(`params.count must be an integer ≥ the ${want.vertices} points, got ${v}`);
    } else if (v !== want[name]) throw bad(`params.${name} is ${v}, the arrays hold ${want[name]}`);
  });
}
