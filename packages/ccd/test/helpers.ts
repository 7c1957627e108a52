// Shared test data: a seeded generator, the bodies of the specification and the tutorial, the bunny.

import { Curve, Surface } from '@firsttouch/mesh';
import bunnyData from 'bunny';

/** mulberry32: a seeded PRNG so that failures reproduce. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The tutorial's particle: 32 segments, radius 0.03, vertex i at angle 2πi/32 (built here, not by mesh). */
export function tutorialDisc(radius = 0.03, segments = 32): Curve {
  const u: number[] = [];
  const v: number[] = [];
  for (let i = 0; i < segments; i++) {
    const a = (2 * Math.PI * i) / segments;
    u.push(radius * Math.cos(a));
    v.push(radius * Math.sin(a));
  }
  return Curve.fromLoops(u, v, [segments]);
}

/** The tutorial's wall: the loop (0, −0.1), (1, −0.1), (1, 0), (0, 0). */
export function tutorialWall(): Curve {
  return Curve.fromLoops([0, 1, 1, 0], [-0.1, -0.1, 0, 0], [4]);
}

/** An axis-aligned box of the given sides centred at `c`, 12 facets, built here. */
export function cuboid(sx: number, sy: number, sz: number, c: readonly number[] = [0, 0, 0]): Surface {
  const h = [sx / 2, sy / 2, sz / 2];
  const corner = (i: number): number[] => [0, 1, 2].map((a) => c[a] + ((i >> a) & 1 ? h[a] : -h[a]));
  // the 6 faces as corner quadruples (any orientation: distances do not care)
  const faces = [
    [0, 2, 6, 4],
    [1, 3, 7, 5],
    [0, 1, 5, 4],
    [2, 3, 7, 6],
    [0, 1, 3, 2],
    [4, 5, 7, 6],
  ];
  const xyz: number[] = [];
  for (const [a, b, cc, d] of faces)
    xyz.push(...corner(a), ...corner(b), ...corner(cc), ...corner(a), ...corner(cc), ...corner(d));
  return Surface.fromTriangles(xyz);
}

let bunnyCache: Surface | undefined;

/** The Stanford bunny of the npm `bunny` package, centred on its box and scaled to a largest side of 1. */
export function unitBunny(): Surface {
  if (bunnyCache) return bunnyCache;
  const p = bunnyData.positions;
  const lo = [0, 1, 2].map((a) => Math.min(...p.map((v) => v[a])));
  const hi = [0, 1, 2].map((a) => Math.max(...p.map((v) => v[a])));
  const size = Math.max(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]);
  const positions = p.flatMap((v) => v.map((x, a) => (x - 0.5 * (lo[a] + hi[a])) / size));
  bunnyCache = Surface.fromIndexed(positions, bunnyData.cells.flat());
  return bunnyCache;
}
