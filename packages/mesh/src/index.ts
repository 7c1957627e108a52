/**
 * Triangulated surfaces (3-D) and polylines (2-D), their bounding-volume trees, and the exact
 * distance between two bodies at any pose. Depends on `@firsttouch/pose`.
 *
 * @packageDocumentation
 */

export { orient2d, orient3d } from '@firsttouch/convex';
// (B's pose in A's frame moved down to pose, where convex's shape queries use it too; kept here by its name)
export { relativeTransform } from '@firsttouch/pose';
export type { Bounds } from './bounds.js';
export { Compound, type CompoundPart, compound } from './compound.js';
export { Compound2, type CompoundPart2, compound2 } from './compound2.js';
export {
  CONVEX_CURVE_CHECK_LIMIT,
  type ConvexCurve,
  convexCurve,
} from './convex/convex-curve.js';
export { ConvexCurvePair } from './convex/convex-curve-pair.js';
export {
  CONVEX_CHECK_LIMIT,
  type ConvexSurface,
  convexSurface,
  type PointSet,
  pointSet,
} from './convex/convex-surface.js';
export { ConvexSurfacePair } from './convex/convex-surface-pair.js';
export { type FacetPairQuery, HullGjk } from './convex/hull-gjk.js';
export { segmentParameter, triangleClosest } from './convex/triangle-closest.js';
export { Curve, type CurveExtent, type CurveLoop } from './curve.js';
export { type AnyBody3, CompoundPair } from './distance/compound-pair.js';
export { type AnyBody2, CompoundPair2 } from './distance/compound-pair2.js';
export {
  type CurveDistanceOptions,
  type CurveDistanceResult,
  curveDistance,
} from './distance/curve-distance.js';
export { CurvePair } from './distance/curve-pair.js';
export { CurveShapePair } from './distance/curve-shape-pair.js';
export { relativeTransform2 } from './distance/relative.js';
export {
  type SurfaceDistanceOptions,
  type SurfaceDistanceResult,
  surfaceDistance,
} from './distance/surface-distance.js';
export { SurfacePair } from './distance/surface-pair.js';
export { SurfaceShapePair } from './distance/surface-shape-pair.js';
export { distinctPointIndex, distinctPoints } from './distinct-points.js';
export { facetNormal } from './geometry/facet-normal.js';
export {
  SEGMENT_MEET,
  SEGMENT_POINT_A,
  SEGMENT_POINT_B,
  segmentDistance2,
} from './geometry/segment-distance2.js';
export { triangleGapBound } from './geometry/triangle-bound.js';
export {
  TRIANGLE_MEET,
  TRIANGLE_POINT_A,
  TRIANGLE_POINT_B,
  triangleDistance,
} from './geometry/triangle-distance.js';
export type { CompoundData } from './serialize/compound-data.js';
export type { Compound2Data } from './serialize/compound2-data.js';
export {
  type BodyOf,
  type CurveData,
  DATA_VERSION,
  type DataOf,
  type DeserializeOptions,
  deserialize,
  type MeshData,
  type SerializeOptions,
  type SurfaceData,
  serialize,
} from './serialize/serialize.js';
export type { TreeCheck, TreeData } from './serialize/tree-data.js';
export { box } from './shapes/box.js';
export { disc, rectangle } from './shapes/curves.js';
export { cylinder } from './shapes/cylinder.js';
export { icosphere } from './shapes/icosphere.js';
export { naca4, naca4Section } from './shapes/naca4.js';
export { Surface, type SurfaceExtent, type SurfaceOptions } from './surface.js';
export {
  type BoundingTree,
  LEAF_SIZE,
  type TreeBuildOptions,
  type TreeProgress,
} from './tree/build.js';
export { firstElementsOf } from './tree/first-elements.js';
export type { PartTree } from './tree/part-tree.js';
export { principalAxes } from './tree/principal-axes.js';
export { rssOf } from './tree/rss.js';
export type { RssVolumes } from './tree/rss-layout.js';
export { RssVertices } from './tree/rss-vertices.js';
