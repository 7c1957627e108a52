import { Surface } from '@firsttouch/mesh';

/** A convex hull: the indices of its vertices in the input and its facets over those indices. */
export interface Hull {
  /** Facets as triples of input point indices, counter-clockwise seen from outside. */
  facets: Uint32Array;
  /** Input points that are hull vertices, ascending. */
  vertices: Uint32Array;
}

interface Face {
  a: number;
  b: number;
  c: number;
  /** Outward normal (not normalised) and offset: a point x is above when n·x − d > eps. */
  nx: number;
  ny: number;
  nz: number;
  d: number;
  /** Input points above this face not yet on the hull. */
  outside: number[];
  alive: boolean;
}

/**
 * The convex hull of points in 3-D by quickhull: a starting tetrahedron of extreme points, then, for
 * each face with points above it, its farthest point joins the hull: the faces it sees are removed
 * and the horizon is joined to it; the removed faces' points go to the new faces they are above.
 * Points within `eps` (relative to the extent of the cloud) of a face count as on it. Meant for
 * points in general position (random clouds); throws when the points are (nearly) coplanar.
 */
export function convexHull(points: ArrayLike<number>): Hull {
  const n = points.length / 3;
  if (!Number.isInteger(n) || n < 4) throw new Error('convexHull: need at least 4 points (3 numbers each)');
  const p = Float64Array.from(points);
  let extent = 0;
  for (let i = 0; i < p.length; i++) extent = Math.max(extent, Math.abs(p[i]));
  const eps = 1e-12 * Math.max(extent, 1e-300);
  const [i0, i1, i2, i3] = startingTetrahedron(p, n, eps);

  const faces: Face[] = [];
  // Directed edge (u → v) → the face holding it, as u·n + v.
  const edgeFace = new Map<number, number>();
  const makeFace = (a: number, b: number, c: number): number => {
    const ux = p[3 * b] - p[3 * a],
      uy = p[3 * b + 1] - p[3 * a + 1],
      uz = p[3 * b + 2] - p[3 * a + 2];
    const vx = p[3 * c] - p[3 * a],
      vy = p[3 * c + 1] - p[3 * a + 1],
      vz = p[3 * c + 2] - p[3 * a + 2];
    const nx = uy * vz - uz * vy,
      ny = uz * vx - ux * vz,
      nz = ux * vy - uy * vx;
    const len = Math.hypot(nx, ny, nz);
    const f: Face = {
      a,
      b,
      c,
      nx: nx / len,
      ny: ny / len,
      nz: nz / len,
      d: (nx * p[3 * a] + ny * p[3 * a + 1] + nz * p[3 * a + 2]) / len,
      outside: [],
      alive: true,
    };
    const id = faces.length;
    faces.push(f);
    edgeFace.set(a * n + b, id);
    edgeFace.set(b * n + c, id);
    edgeFace.set(c * n + a, id);
    return id;
  };
  const height = (f: Face, i: number) => f.nx * p[3 * i] + f.ny * p[3 * i + 1] + f.nz * p[3 * i + 2] - f.d;

  // Orient the tetrahedron outward: i3 must lie below face (i0, i1, i2).
  const t = makeFace(i0, i1, i2);
  const flip = height(faces[t], i3) > 0;
  faces.length = 0;
  edgeFace.clear();
  const tet = flip
    ? [makeFace(i0, i2, i1), makeFace(i0, i1, i3), makeFace(i1, i2, i3), makeFace(i2, i0, i3)]
    : [makeFace(i0, i1, i2), makeFace(i1, i0, i3), makeFace(i2, i1, i3), makeFace(i0, i2, i3)];
  const assign = (i: number, candidates: readonly number[]) => {
    for (const id of candidates) {
      if (height(faces[id], i) > eps) {
        faces[id].outside.push(i);
        return;
      }
    }
  };
  for (let i = 0; i < n; i++) if (i !== i0 && i !== i1 && i !== i2 && i !== i3) assign(i, tet);

  const stack = [...tet];
  while (stack.length > 0) {
    const fid = stack.pop()!;
    const face = faces[fid];
    if (!face.alive || face.outside.length === 0) continue;
    // The farthest point above this face joins the hull.
    let apex = face.outside[0];
    let best = height(face, apex);
    for (const i of face.outside) {
      const h = height(face, i);
      if (h > best) {
        best = h;
        apex = i;
      }
    }
    // Faces the apex sees (connected to this one), and the horizon around them.
    const visible: number[] = [];
    const seen = new Set<number>([fid]);
    const horizon: Array<[number, number]> = [];
    const todo = [fid];
    while (todo.length > 0) {
      const id = todo.pop()!;
      visible.push(id);
      const f = faces[id];
      for (const [u, v] of [
        [f.a, f.b],
        [f.b, f.c],
        [f.c, f.a],
      ]) {
        const other = edgeFace.get(v * n + u)!;
        if (seen.has(other)) {
          if (!faces[other].alive) continue;
          // Already visited: visible (inside the region) unless it was found to be a horizon face.
          if (height(faces[other], apex) <= eps) horizon.push([u, v]);
          continue;
        }
        if (height(faces[other], apex) > eps) {
          seen.add(other);
          todo.push(other);
        } else {
          seen.add(other);
          horizon.push([u, v]);
        }
      }
    }
    const orphans: number[] = [];
    for (const id of visible) {
      const f = faces[id];
      f.alive = false;
      for (const i of f.outside) if (i !== apex) orphans.push(i);
      f.outside = [];
    }
    const created = horizon.map(([u, v]) => makeFace(u, v, apex));
    for (const i of orphans) assign(i, created);
    stack.push(...created);
  }

  const live = faces.filter((f) => f.alive);
  const facets = new Uint32Array(3 * live.length);
  const used = new Set<number>();
  live.forEach((f, k) => {
    facets[3 * k] = f.a;
    facets[3 * k + 1] = f.b;
    facets[3 * k + 2] = f.c;
    used.add(f.a).add(f.b).add(f.c);
  });
  return { facets, vertices: Uint32Array.from([...used].sort((x, y) => x - y)) };
}

/** Four points spanning a tetrahedron of non-negligible volume: extremes along an axis, then farthest from the line and from the plane. */
function startingTetrahedron(p: Float64Array, n: number, eps: number): [number, number, number, number] {
  let i0 = 0;
  let i1 = 0;
  for (let i = 1; i < n; i++) {
    if (p[3 * i] < p[3 * i0]) i0 = i;
    if (p[3 * i] > p[3 * i1]) i1 = i;
  }
  const dx = p[3 * i1] - p[3 * i0],
    dy = p[3 * i1 + 1] - p[3 * i0 + 1],
    dz = p[3 * i1 + 2] - p[3 * i0 + 2];
  let i2 = -1;
  let far = eps;
  for (let i = 0; i < n; i++) {
    const wx = p[3 * i] - p[3 * i0],
      wy = p[3 * i + 1] - p[3 * i0 + 1],
      wz = p[3 * i + 2] - p[3 * i0 + 2];
    const c = Math.hypot(dy * wz - dz * wy, dz * wx - dx * wz, dx * wy - dy * wx);
    if (c > far) {
      far = c;
      i2 = i;
    }
  }
  if (i2 < 0) throw new Error('convexHull: the points are collinear');
  const ex = p[3 * i2] - p[3 * i0],
    ey = p[3 * i2 + 1] - p[3 * i0 + 1],
    ez = p[3 * i2 + 2] - p[3 * i0 + 2];
  const nx = dy * ez - dz * ey,
    ny = dz * ex - dx * ez,
    nz = dx * ey - dy * ex;
  const nl = Math.hypot(nx, ny, nz);
  let i3 = -1;
  far = eps;
  for (let i = 0; i < n; i++) {
    const h = Math.abs(
      (nx * (p[3 * i] - p[3 * i0]) +
        ny * (p[3 * i + 1] - p[3 * i0 + 1]) +
        nz * (p[3 * i + 2] - p[3 * i0 + 2])) /
        nl,
    );
    if (h > far) {
      far = h;
      i3 = i;
    }
  }
  if (i3 < 0) throw new Error('convexHull: the points are coplanar');
  return [i0, i1, i2, i3];
}

/** The hull as a firsttouch Surface over its own vertices (renumbered). */
export function hullSurface(points: ArrayLike<number>, hull: Hull = convexHull(points)): Surface {
  const index = new Map<number, number>();
  const positions = new Float64Array(3 * hull.vertices.length);
  hull.vertices.forEach((v, k) => {
    index.set(v, k);
    positions[3 * k] = points[3 * v];
    positions[3 * k + 1] = points[3 * v + 1];
    positions[3 * k + 2] = points[3 * v + 2];
  });
  return Surface.fromIndexed(
    positions,
    Array.from(hull.facets, (v) => index.get(v)!),
  );
}

/**
 * The largest height of any point above any facet of the hull (≤ 0 up to rounding when every point
 * is inside or on it), and whether every edge is shared by exactly two facets in opposite directions
 * (a closed, consistently oriented surface).
 */
export function checkHull(points: ArrayLike<number>, hull: Hull): { maxHeight: number; closed: boolean } {
  const f = hull.facets;
  let maxHeight = Number.NEGATIVE_INFINITY;
  const edges = new Map<string, number>();
  for (let k = 0; k < f.length; k += 3) {
    const [a, b, c] = [f[k], f[k + 1], f[k + 2]];
    const ux = points[3 * b] - points[3 * a],
      uy = points[3 * b + 1] - points[3 * a + 1],
      uz = points[3 * b + 2] - points[3 * a + 2];
    const vx = points[3 * c] - points[3 * a],
      vy = points[3 * c + 1] - points[3 * a + 1],
      vz = points[3 * c + 2] - points[3 * a + 2];
    const nx = uy * vz - uz * vy,
      ny = uz * vx - ux * vz,
      nz = ux * vy - uy * vx;
    const len = Math.hypot(nx, ny, nz);
    for (let i = 0; i < points.length / 3; i++) {
      const h =
        (nx * (points[3 * i] - points[3 * a]) +
          ny * (points[3 * i + 1] - points[3 * a + 1]) +
          nz * (points[3 * i + 2] - points[3 * a + 2])) /
        len;
      if (h > maxHeight) maxHeight = h;
    }
    for (const [u, v] of [
      [a, b],
      [b, c],
      [c, a],
    ])
      edges.set(`${u},${v}`, (edges.get(`${u},${v}`) ?? 0) + 1);
  }
  let closed = true;
  for (const [key, count] of edges) {
    const [u, v] = key.split(',');
    if (count !== 1 || edges.get(`${v},${u}`) !== 1) closed = false;
  }
  return { maxHeight, closed };
}
