/** Every facet of non-zero area has all points on one side of its plane, within 1e-12 of `size`. */
export function isConvex(
  points: Float64Array,
  corners: Uint32Array,
  facetCount: number,
  size: number,
): boolean {
  const allowance = 1e-12 * size;
  const plane = new Float64Array(5);
  for (let f = 0; f < facetCount; f++) {
    if (!facetPlane(points, corners, f, size, plane)) continue;
    const nx = plane[0],
      ny = plane[1],
      nz = plane[2];
    const a = plane[4];
    const ax = points[a],
      ay = points[a + 1],
      az = points[a + 2];
    const limit = allowance * plane[3];
    let above = false;
    let below = false;
    for (let p = 0; p < points.length; p += 3) {
      const h = nx * (points[p] - ax) + ny * (points[p + 1] - ay) + nz * (points[p + 2] - az);
      if (h > limit) above = true;
      else if (h < -limit) below = true;
      if (above && below) return false;
    }
  }
  return true;
}

/**
 * Every facet of non-zero area has the points of the facets around its three corners on one side of
 * its plane, within 1e-12 of `size`: convexity checked around each facet, a few dozen point–plane
 * tests a facet where the global test costs points × facets. With the surface closed and in one
 * piece it says the same (a closed, connected, locally convex surface bounds a convex body), up to
 * the rounding allowance.
 */
export function isLocallyConvex(
  points: Float64Array,
  corners: Uint32Array,
  start: Uint32Array,
  around: Uint32Array,
  size: number,
): boolean {
  const allowance = 1e-12 * size;
  const facetCount = corners.length / 3;
  const plane = new Float64Array(5);
  for (let f = 0; f < facetCount; f++) {
    if (!facetPlane(points, corners, f, size, plane)) continue;
    const nx = plane[0],
      ny = plane[1],
      nz = plane[2];
    const a = plane[4];
    const ax = points[a],
      ay = points[a + 1],
      az = points[a + 2];
    const limit = allowance * plane[3];
    let above = false;
    let below = false;
    for (let k = 0; k < 3; k++) {
      const p = corners[3 * f + k];
      for (let e = start[p]; e < start[p + 1]; e++) {
        const g = 3 * around[e];
        for (let j = 0; j < 3; j++) {
          const q = 3 * corners[g + j];
          const h = nx * (points[q] - ax) + ny * (points[q + 1] - ay) + nz * (points[q + 2] - az);
          if (h > limit) above = true;
          else if (h < -limit) below = true;
        }
      }
    }
    if (above && below) return false;
  }
  return true;
}

/** The facets are one piece: two convex bodies apart are each locally convex, not together. */
export function isConnected(
  corners: Uint32Array,
  start: Uint32Array,
  around: Uint32Array,
  count: number,
): boolean {
  if (count === 0) return false;
  const seen = new Uint8Array(count);
  const queue = new Uint32Array(count);
  let head = 0;
  let tail = 0;
  seen[0] = 1;
  queue[tail++] = 0;
  while (head < tail) {
    const p = queue[head++];
    for (let e = start[p]; e < start[p + 1]; e++) {
      const g = 3 * around[e];
      for (let j = 0; j < 3; j++) {
        const q = corners[g + j];
        if (seen[q] === 1) continue;
        seen[q] = 1;
        queue[tail++] = q;
      }
    }
  }
  return tail === count;
}

/**
 * Facet f's normal (0..2, unnormalised), its length (3) and its first corner's offset (4) into
 * `plane`; false for a sliver, whose normal is noise (its neighbours decide).
 */
function facetPlane(
  points: Float64Array,
  corners: Uint32Array,
  f: number,
  size: number,
  plane: Float64Array,
): boolean {
  const a = 3 * corners[3 * f],
    b = 3 * corners[3 * f + 1],
    c = 3 * corners[3 * f + 2];
  const ux = points[b] - points[a],
    uy = points[b + 1] - points[a + 1],
    uz = points[b + 2] - points[a + 2];
  const vx = points[c] - points[a],
    vy = points[c + 1] - points[a + 1],
    vz = points[c + 2] - points[a + 2];
  const nx = uy * vz - uz * vy,
    ny = uz * vx - ux * vz,
    nz = ux * vy - uy * vx;
  plane[0] = nx;
  plane[1] = ny;
  plane[2] = nz;
  plane[3] = Math.sqrt(nx * nx + ny * ny + nz * nz);
  plane[4] = a;
  return plane[3] > 1e-9 * size * size;
}
