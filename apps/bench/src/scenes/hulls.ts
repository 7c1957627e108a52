import { quickhull } from '@firsttouch/convex';
import { Vector3 } from 'three';
import { ConvexHull } from 'three/examples/jsm/math/ConvexHull.js';
import { bunnyData } from '../bunny-data.js';
import { Rng } from '../harness/prng.js';
import type { Row, Scene, SceneContext, SceneResult } from '../harness/scene.js';
import { median } from '../harness/stats.js';
import { nowMs } from '../harness/timing.js';
import { checkHull } from '../hull.js';

const SEED = 0x5eed31;

/** Points of each set, and build rounds. */
const SIZES = {
  tiny: { sphere: 500, cube: 2_000, rim: 200, rounds: 1 },
  quick: { sphere: 30_000, cube: 100_000, rim: 16_000, rounds: 5 },
  full: { sphere: 100_000, cube: 1_000_000, rim: 64_000, rounds: 7 },
};

/** `n` points uniform on the unit sphere: every one a vertex of the hull. */
export function spherePoints(n: number, rng: Rng): Float64Array {
  const p = new Float64Array(3 * n);
  for (let i = 0; i < n; i++) p.set(rng.unitVector3(), 3 * i);
  return p;
}

/** `n` points uniform in the unit cube: a few hundred on the hull, the rest inside. */
function cubePoints(n: number, rng: Rng): Float64Array {
  const p = new Float64Array(3 * n);
  for (let i = 0; i < p.length; i++) p[i] = rng.next();
  return p;
}

/**
 * A cylinder's vertices: `n` points evenly round each of two unit circles, at z = 0 and z = 1, the
 * rims of a finely segmented cylinder (every point a vertex; each cap one plane of n points).
 */
export function rimPoints(n: number): Float64Array {
  const p = new Float64Array(6 * n);
  for (let i = 0; i < n; i++) {
    const a = (2 * Math.PI * i) / n;
    p.set([Math.cos(a), Math.sin(a), 0, Math.cos(a), Math.sin(a), 1], 6 * i);
  }
  return p;
}

/** The distinct vertices of three.js's hull (its faces' half-edge loops). */
function threeVertexCount(hull: ConvexHull): number {
  const seen = new Set<unknown>();
  for (const face of hull.faces) {
    let edge = face.edge;
    do {
      seen.add(edge.head());
      edge = edge.next;
    } while (edge !== face.edge);
  }
  return seen.size;
}

/** Sets of fewer points are built in batches of about this many points' worth (the bunny: 9 builds). */
const SMALL_SET = 16_384;

/**
 * Convex hull builds: firsttouch's `quickhull` (exact orientations) against three.js's
 * `ConvexHull.setFromPoints` (quickhull with a tolerance, the JavaScript hull a three.js user
 * has), the two in turn, the first alternating each round, on points on a sphere, in a cube, on a
 * cylinder's two rims and the npm bunny's vertices. three.js takes `Vector3`s, made outside the
 * timed region. The first round's hull is checked: every point (every k-th of large sets) on or
 * below every facet, the surface closed.
 */
export const hullsScene: Scene = {
  name: 'hulls',
  title: 'Convex hull builds',
  run(ctx: SceneContext): SceneResult {
    const size = SIZES[ctx.size];
    const rows: Row[] = [];
    const figures: Record<string, number> = {};
    const bunny = Float64Array.from(bunnyData().positions.flat());
    const sets: Array<{ key: string; label: string; points: Float64Array }> = [
      {
        key: 'sphere',
        label: `${size.sphere} points on a sphere`,
        points: spherePoints(size.sphere, new Rng(SEED)),
      },
      {
        key: 'cube',
        label: `${size.cube} points in a cube`,
        points: cubePoints(size.cube, new Rng(SEED + 1)),
      },
      { key: 'rims', label: `a cylinder's rims, 2 × ${size.rim} points`, points: rimPoints(size.rim) },
      { key: 'bunny', label: `the bunny's ${bunny.length / 3} vertices`, points: bunny },
    ];
    for (const { key, label, points } of sets) {
      const vectors: Vector3[] = [];
      for (let i = 0; i < points.length; i += 3)
        vectors.push(new Vector3(points[i], points[i + 1], points[i + 2]));
      const ft: number[] = [];
      const three: number[] = [];
      let vertices = 0;
      let threeVertices = 0;
      let height = Number.NEGATIVE_INFINITY;
      let open = 0;
      let stride = 1;
      // One build of each first (not recorded): the JIT's first pass over the build code.
      quickhull(points);
      new ConvexHull().setFromPoints(vectors);
      // A small set's build takes under a millisecond: each round times a batch of builds (the time
      // a build is the batch's over its count), in three times the rounds, so that neither one
      // collection nor the garbage the other side left decides a round.
      const small = points.length / 3 < SMALL_SET;
      const batch = small ? Math.ceil((3 * SMALL_SET) / points.length) : 1;
      const rounds = small ? 3 * size.rounds : size.rounds;
      ctx.log(`hulls: ${label}, ${rounds} rounds${batch > 1 ? ` of ${batch} builds` : ''}`);
      for (let r = 0; r < rounds; r++) {
        for (const side of r % 2 === 0 ? ['ft', 'three'] : ['three', 'ft']) {
          if (side === 'ft') {
            const t0 = nowMs();
            let hull = quickhull(points);
            for (let b = 1; b < batch; b++) hull = quickhull(points);
            ft.push((nowMs() - t0) / batch);
            vertices = hull.vertices.length;
            if (r === 0) {
              // Every point against every facet where that is at most 5·10⁷ tests, else every k-th.
              stride = Math.max(1, Math.ceil(((points.length / 3) * (hull.facets.length / 3)) / 5e7));
              const c = checkHull(points, hull, stride);
              height = c.maxHeight;
              if (!c.closed) open++;
            }
          } else {
            const t0 = nowMs();
            let hull = new ConvexHull().setFromPoints(vectors);
            for (let b = 1; b < batch; b++) hull = new ConvexHull().setFromPoints(vectors);
            three.push((nowMs() - t0) / batch);
            threeVertices = threeVertexCount(hull);
          }
        }
      }
      rows.push({
        scene: 'hulls',
        case: `hull build, ${label}`,
        firsttouch: 1000 * median(ft),
        peer: 'three.js ConvexHull',
        peerTime: 1000 * median(three),
        pairedRatio: median(ft.map((t, r) => three[r] / t)),
        extra: {
          'builds a round': batch,
          rounds,
          vertices,
          'three.js vertices': threeVertices,
          'largest height above a facet': height,
          'points checked': stride === 1 ? 'all' : `1 in ${stride}`,
          'open hulls': open,
        },
      });
      figures[`${key}.ms`] = median(ft);
      figures[`${key}.threeMs`] = median(three);
      figures[`${key}.vertices`] = vertices;
      figures[`${key}.threeVertices`] = threeVertices;
      figures[`${key}.height`] = height;
      figures[`${key}.open`] = open;
    }
    return {
      rows,
      plots: [],
      figures,
      notes: [
        'Times are per build (µs in the time columns). firsttouch decides every orientation exactly, so coplanar and repeated points are never vertices unless the hull needs them; three.js decides within a tolerance of the points’ extent and merges faces that are nearly coplanar.',
      ],
    };
  },
};
