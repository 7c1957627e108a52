import { FirstTouchError } from '@firsttouch/pose';
import { orient2dAt, orient3dAt } from '../predicates.js';

/**
 * Four points spanning a tetrahedron: the extremes along the widest axis, the point farthest from
 * their line, the point farthest from the plane of the three (sizes estimated, independence decided
 * exactly), so that no later decision meets a sliver.
 */
export function startingTetrahedron(
  p: Float64Array,
  n: number,
  name: string,
): [number, number, number, number] {
  // The first least and largest point along each axis, in one pass over the points.
  let lx = 0,
    ly = 0,
    lz = 0,
    hx = 0,
    hy = 0,
    hz = 0;
  for (let i = 1; i < n; i++) {
    const x = p[3 * i],
      y = p[3 * i + 1],
      z = p[3 * i + 2];
    if (x < p[3 * lx]) lx = i;
    if (x > p[3 * hx]) hx = i;
    if (y < p[3 * ly + 1]) ly = i;
    if (y > p[3 * hy + 1]) hy = i;
    if (z < p[3 * lz + 2]) lz = i;
    if (z > p[3 * hz + 2]) hz = i;
  }
  const lo = [lx, ly, lz];
  const hi = [hx, hy, hz];
  let wide = -1;
  let i0 = 0;
  let i1 = 0;
  for (let a = 0; a < 3; a++) {
    if (p[3 * hi[a] + a] - p[3 * lo[a] + a] > wide) {
      wide = p[3 * hi[a] + a] - p[3 * lo[a] + a];
      i0 = lo[a];
      i1 = hi[a];
    }
  }
  if (!(wide > 0)) throw degenerate(name, n, 'all the same point');
  const dx = p[3 * i1] - p[3 * i0],
    dy = p[3 * i1 + 1] - p[3 * i0 + 1],
    dz = p[3 * i1 + 2] - p[3 * i0 + 2];
  let i2 = -1;
  let far = 0;
  for (let i = 0; i < n; i++) {
    const wx = p[3 * i] - p[3 * i0],
      wy = p[3 * i + 1] - p[3 * i0 + 1],
      wz = p[3 * i + 2] - p[3 * i0 + 2];
    const cx = dy * wz - dz * wy,
      cy = dz * wx - dx * wz,
      cz = dx * wy - dy * wx;
    const c = cx * cx + cy * cy + cz * cz;
    if (c > far && !collinear(p, i0, i1, i)) {
      far = c;
      i2 = i;
    }
  }
  if (i2 < 0) {
    // Rounding hid every point off the line: look for one exactly.
    for (let i = 0; i < n && i2 < 0; i++) if (!collinear(p, i0, i1, i)) i2 = i;
    if (i2 < 0) throw degenerate(name, n, 'all on one line');
  }
  // The farthest from the plane by a float estimate, that point's independence decided exactly; if
  // rounding hid every point off the plane, one is looked for exactly.
  const a = 3 * i0;
  const ux = p[3 * i1] - p[a],
    uy = p[3 * i1 + 1] - p[a + 1],
    uz = p[3 * i1 + 2] - p[a + 2];
  const vx = p[3 * i2] - p[a],
    vy = p[3 * i2 + 1] - p[a + 1],
    vz = p[3 * i2 + 2] - p[a + 2];
  const nx = uy * vz - uz * vy,
    ny = uz * vx - ux * vz,
    nz = ux * vy - uy * vx;
  let i3 = -1;
  far = 0;
  for (let i = 0; i < n; i++) {
    const h = Math.abs(
      nx * (p[3 * i] - p[a]) + ny * (p[3 * i + 1] - p[a + 1]) + nz * (p[3 * i + 2] - p[a + 2]),
    );
    if (h > far) {
      far = h;
      i3 = i;
    }
  }
  if (i3 < 0 || orient3dAt(p, a, 3 * i1, 3 * i2, 3 * i3) === 0) {
    i3 = -1;
    for (let i = 0; i < n && i3 < 0; i++) if (orient3dAt(p, a, 3 * i1, 3 * i2, 3 * i) !== 0) i3 = i;
  }
  if (i3 < 0) throw degenerate(name, n, 'all in one plane');
  return [i0, i1, i2, i3];
}

/** Points i, j, k on one line, exactly: their three projections on the coordinate planes are. */
function collinear(p: Float64Array, i: number, j: number, k: number): boolean {
  const a = 3 * i,
    b = 3 * j,
    c = 3 * k;
  return (
    orient2dAt(p, a, b, c, 0, 1) === 0 &&
    orient2dAt(p, a, b, c, 1, 2) === 0 &&
    orient2dAt(p, a, b, c, 0, 2) === 0
  );
}

function degenerate(name: string, n: number, what: string): FirstTouchError {
  return new FirstTouchError(
    'INVALID_OPTION',
    `convexHull: ${name} must hold 4 affinely independent points, got ${n} points ${what}`,
  );
}
