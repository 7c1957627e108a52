/**
 * What the sibling packages of `@firsttouch/mesh` (ccd, broadphase) build on and a user of the
 * package does not need: the scratch and pools behind the queries, the kernels that take the
 * caller's scratch. No compatibility promise beyond the workspace's own packages.
 *
 * @packageDocumentation
 */

export { orient2dAt, orient3dAt } from '@firsttouch/convex/internal';
export { rootReach } from './distance/surface-scratch.js';
export { HULL_POINTS, refitsB } from './distance/surface-search.js';
export { SEGMENT_DISTANCE, SEGMENT_LIMIT, segmentPairDistance2 } from './geometry/segment-distance2.js';
export {
  triangleAxisGapIo,
  triangleEdgeGapIo,
  triangleEdgeGapWith,
  triangleGapBoundIo,
  triangleGapBoundWith,
} from './geometry/triangle-bound.js';
export { triangleDistanceIo, triangleDistanceWith } from './geometry/triangle-distance.js';
export { TriangleWork } from './geometry/triangle-work.js';
export { assertExponent, diagonalOf, scaledPoints, scaleExponent, timesPowerOfTwo } from './scale.js';
export { centerSplit } from './tree/center-split.js';
export { PairArrays } from './tree/pair-arrays.js';
export { PairHeap } from './tree/pair-heap.js';
export { PairStack } from './tree/pair-stack.js';
export { PartSearch } from './tree/part-search.js';
export {
  assertFinitePlacement2,
  assertFinitePlacement3,
  assertMeshInRange,
  assertPlacement2,
  assertPlacement3,
  assertSquaresInRange,
  buildPartTree,
  MESH_SAFE,
  NO_PART,
  SQUARES_SAFE,
  treeReach,
} from './tree/part-tree.js';
export { rssBalls } from './tree/rss-balls.js';
export { RSS_AXIS, RSS_C, RSS_L, RSS_R, RSS_STRIDE, rssNode } from './tree/rss-layout.js';
export { GAP_AXIS, GAP_BOUND, placeRss, rssGap, rssShift } from './tree/rss-place.js';
export { SELECT_SCRATCH } from './tree/select.js';
export { Pool } from './util/pool.js';
