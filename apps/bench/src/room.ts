import { Surface } from '@firsttouch/mesh';
import { composePose, type Pose3, poseFromAxisAngle, poseFromQuaternion } from '@firsttouch/pose';
import { Rng } from './harness/prng.js';

/**
 * A room of thin walls and furniture, and a robot-like body to move through it: the kind of scene
 * CAD models and buildings give, where most facets are slivers (the mesh distance issue #33). Every
 * part is a box turned about the vertical axis; each face of a box is cut into strips along its long
 * side when that makes its triangles slivers (a longest edge over 50 times the shortest), as walls
 * and legs triangulated for rendering are. Generated from a seed: nothing is read from a file.
 */

/** A longest edge more than this many times the shortest makes a sliver. */
export const SLIVER_RATIO = 50;
/** Most strips a face of furniture is cut into to make its triangles slivers (walls: {@link WALL_STRIPS}). */
const MOST_STRIPS = 6;
/** Most strips a face of a wall or the floor is cut into. */
const WALL_STRIPS = 32;

/** Triangles and vertices being gathered into one surface. */
class Builder {
  readonly xyz: number[] = [];
  readonly faces: number[] = [];

  /**
   * A box of half-sizes `h` centred at `c`, turned by `angle` about the vertical (z) axis; its six
   * faces facing out.
   */
  box(
    h: readonly [number, number, number],
    c: readonly [number, number, number],
    angle: number,
    mostStrips = MOST_STRIPS,
  ): void {
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    const at = (x: number, y: number, z: number): number => {
      this.xyz.push(c[0] + cos * x - sin * y, c[1] + sin * x + cos * y, c[2] + z);
      return this.xyz.length / 3 - 1;
    };
    // Each face: its centre axis (0, 1, 2) and side (±1); u, v span it so that u × v points out.
    for (let axis = 0; axis < 3; axis++) {
      for (const side of [-1, 1]) {
        const ua = (axis + 1) % 3;
        const va = (axis + 2) % 3;
        const lu = 2 * h[ua];
        const lv = 2 * h[va];
        // Strips along the longer side, enough to make slivers when at most MOST_STRIPS do.
        const long = Math.max(lu, lv);
        const short = Math.min(lu, lv);
        const need = Math.floor((SLIVER_RATIO * short) / long) + 1;
        const strips = long >= SLIVER_RATIO * short ? 1 : need <= mostStrips ? need : 1;
        const alongU = lu >= lv;
        const corner = (s: number, t: number): number => {
          // s along u, t along v, both in [0, 1]; the point on this face.
          const p = [0, 0, 0];
          p[axis] = side * h[axis];
          p[ua] = (2 * s - 1) * h[ua];
          p[va] = (2 * t - 1) * h[va];
          return at(p[0], p[1], p[2]);
        };
        for (let k = 0; k < strips; k++) {
          const a = k / strips;
          const b = (k + 1) / strips;
          // The strip's corners, counter-clockwise about the outward normal (u × v = side · axis).
          const q = alongU
            ? [corner(0, a), corner(1, a), corner(1, b), corner(0, b)]
            : [corner(a, 0), corner(b, 0), corner(b, 1), corner(a, 1)];
          if (side > 0) this.faces.push(q[0], q[1], q[2], q[0], q[2], q[3]);
          else this.faces.push(q[0], q[2], q[1], q[0], q[3], q[2]);
        }
      }
    }
  }

  /** Boxes given in a group's frame (half-sizes, centre), the group turned by `angle` about z and moved to `at`. */
  group(
    parts: ReadonlyArray<readonly [number[], number[]]>,
    at: readonly number[],
    angle: number,
    mostStrips = MOST_STRIPS,
  ): void {
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    for (const [h, c] of parts) {
      this.box(
        [h[0], h[1], h[2]],
        [at[0] + cos * c[0] - sin * c[1], at[1] + sin * c[0] + cos * c[1], at[2] + c[2]],
        angle,
        mostStrips,
      );
    }
  }

  surface(): Surface {
    return Surface.fromIndexed(this.xyz, this.faces);
  }
}

/** A table: a top w × d, 20 thick, at height ht, on four square legs of side 17. */
function table(w: number, d: number, ht: number): Array<[number[], number[]]> {
  const parts: Array<[number[], number[]]> = [
    [
      [w / 2, d / 2, 10],
      [0, 0, ht - 10],
    ],
  ];
  for (const sx of [-1, 1])
    for (const sy of [-1, 1])
      parts.push([
        [8.5, 8.5, (ht - 20) / 2],
        [sx * (w / 2 - 40), sy * (d / 2 - 40), (ht - 20) / 2],
      ]);
  return parts;
}

/** A chair: a seat 420 square at 450, a back 15 thick, legs of side 15. */
function chair(): Array<[number[], number[]]> {
  const parts: Array<[number[], number[]]> = [
    [
      [210, 210, 8],
      [0, 0, 442],
    ],
    [
      [210, 7.5, 225],
      [0, 202.5, 675],
    ],
  ];
  for (const sx of [-1, 1])
    for (const sy of [-1, 1])
      parts.push([
        [7.5, 7.5, 217],
        [sx * 195, sy * 195, 217],
      ]);
  return parts;
}

/** A shelf: two side panels 15 thick, `n` planks, w wide, 300 deep, 1800 high. */
function shelf(w: number, n: number): Array<[number[], number[]]> {
  const parts: Array<[number[], number[]]> = [];
  for (const sx of [-1, 1])
    parts.push([
      [7.5, 150, 900],
      [sx * (w / 2 - 7.5), 0, 900],
    ]);
  for (let k = 0; k < n; k++)
    parts.push([
      [w / 2 - 15, 150, 7.5],
      [0, 0, 60 + (k * 1680) / (n - 1)],
    ]);
  return parts;
}

/**
 * The room: 6 000 × 6 000, 3 000 high, a floor slab, four outer walls and partitions 9 thick, and
 * tables, chairs, shelves and crates turned about the vertical at seeded places (the floor's top at
 * z = 0, the room centred on the z axis). About 2 200 facets, nearly nine in ten of them slivers.
 */
export function room(seed = 0x5eed33): Surface {
  const rng = new Rng(seed);
  const b = new Builder();
  const H = 3000;
  // Floor slab, and the outer walls standing on it (9 thick), each face of a wall cut into strips.
  b.box([3000, 3000, 4.5], [0, 0, -4.5], 0);
  b.box([3000, 4.5, H / 2], [0, -2995.5, H / 2], 0, WALL_STRIPS);
  b.box([3000, 4.5, H / 2], [0, 2995.5, H / 2], 0, WALL_STRIPS);
  b.box([4.5, 2991, H / 2], [-2995.5, 0, H / 2], 0, WALL_STRIPS);
  b.box([4.5, 2991, H / 2], [2995.5, 0, H / 2], 0, WALL_STRIPS);
  // Partitions: thin walls with a door gap, split in two boxes each.
  for (const [x, y, len, angle] of [
    [-1000, -1500, 3000, 0],
    [1500, 800, 2600, Math.PI / 2],
  ]) {
    const door = 450;
    const half = (len - door) / 4;
    b.group(
      [
        [
          [half, 4.5, H / 2],
          [-door / 2 - half, 0, H / 2],
        ],
        [
          [half, 4.5, H / 2],
          [door / 2 + half, 0, H / 2],
        ],
        [
          [door / 2, 4.5, 300],
          [0, 0, H - 300],
        ],
      ],
      [x, y, 0],
      angle,
      WALL_STRIPS,
    );
  }
  const place = (): number[] => [rng.uniform(-2200, 2200), rng.uniform(-2200, 2200), 0];
  for (let k = 0; k < 5; k++)
    b.group(table(rng.uniform(900, 1600), rng.uniform(600, 900), 740), place(), rng.uniform(0, Math.PI));
  for (let k = 0; k < 4; k++) b.group(chair(), place(), rng.uniform(0, 2 * Math.PI));
  for (let k = 0; k < 3; k++) b.group(shelf(rng.uniform(800, 1200), 5), place(), rng.uniform(0, Math.PI));
  for (let k = 0; k < 1; k++) {
    const s = rng.uniform(150, 400);
    b.group(
      [
        [
          [s, s, s],
          [0, 0, s],
        ],
      ],
      place(),
      rng.uniform(0, Math.PI / 2),
    );
  }
  return b.surface();
}

/**
 * A robot-like body about 1 000 across (its origin at its box centre): a base, a column, two arm
 * links, a wrist and a two-fingered gripper, each link turned about the vertical. About 200 facets.
 */
export function robot(): Surface {
  const b = new Builder();
  b.box([300, 300, 60], [0, 0, -360], 0);
  b.box([90, 90, 200], [0, 0, -100], 0.3);
  b.box([120, 110, 70], [0, 0, 160], 0.3);
  b.box([300, 45, 45], [250, 80, 200], 0.3);
  b.box([260, 35, 35], [380, 260, 260], 1.2);
  b.box([40, 40, 60], [430, 420, 300], 1.2);
  b.box([80, 15, 20], [430, 420, 370], 1.2);
  b.box([10, 10, 90], [400, 400, 470], 1.2);
  b.box([10, 10, 90], [460, 440, 470], 1.2);
  b.box([150, 20, 20], [-200, -100, -280], 0.9);
  b.box([15, 15, 150], [-250, 120, -150], 0);
  const s = b.surface();
  const bb = s.bounds();
  return s.translate([
    -(bb.min[0] + bb.max[0]) / 2,
    -(bb.min[1] + bb.max[1]) / 2,
    -(bb.min[2] + bb.max[2]) / 2,
  ]);
}

/**
 * Poses of the body in the room as a peer's distance tests draw them: a uniform random rotation and
 * a translation uniform in [−3 000, 3 000]² × [0, 3 000].
 */
export function roomPoses(count: number, seed = 0x5eed34): Pose3[] {
  const rng = new Rng(seed);
  const poses: Pose3[] = [];
  for (let i = 0; i < count; i++) {
    const q = rng.quaternion();
    poses.push(
      poseFromQuaternion(q, [rng.uniform(-3000, 3000), rng.uniform(-3000, 3000), rng.uniform(0, 3000)]),
    );
  }
  return poses;
}

/** Facets whose longest edge exceeds {@link SLIVER_RATIO} times their shortest. */
export function sliverCount(s: Surface): number {
  const p = s.positions;
  const ix = s.indices;
  let n = 0;
  const e = [0, 0, 0];
  for (let f = 0; f < s.facetCount; f++) {
    for (let k = 0; k < 3; k++) {
      const a = 3 * ix[3 * f + k];
      const c = 3 * ix[3 * f + ((k + 1) % 3)];
      e[k] = Math.hypot(p[a] - p[c], p[a + 1] - p[c + 1], p[a + 2] - p[c + 2]);
    }
    if (Math.max(e[0], e[1], e[2]) > SLIVER_RATIO * Math.min(e[0], e[1], e[2])) n++;
  }
  return n;
}

/**
 * Motions of the body through the room, each turning while it moves: from a pose clear of the room
 * (a uniform random rotation, a place uniform in the room, redrawn while the body is within 50 of a
 * facet) along a straight line 1 500 to 3 000 long in a uniform random horizontal direction, turning
 * by an angle uniform in [π/2, π] about a uniform random axis. Most of them run into a wall or a
 * piece of furniture on the way.
 */
export function roomSweeps(
  count: number,
  clear: (pose: Pose3) => number,
  seed = 0x5eed35,
): Array<[Pose3, Pose3]> {
  const rng = new Rng(seed);
  const out: Array<[Pose3, Pose3]> = [];
  while (out.length < count) {
    const axis = rng.unitVector3();
    const q = rng.quaternion();
    const from = [rng.uniform(-2400, 2400), rng.uniform(-2400, 2400), rng.uniform(600, 2400)];
    const p0 = poseFromQuaternion(q, from);
    if (!(clear(p0) > 50)) continue;
    const [dx, dy] = rng.unitVector2();
    const length = rng.uniform(1500, 3000);
    const turn = rng.uniform(Math.PI / 2, Math.PI);
    const to = [from[0] + length * dx, from[1] + length * dy, from[2]];
    // The end pose: the start's rotation turned by `turn` about `axis`, at `to`.
    const p1 = composePose(poseFromAxisAngle(axis, turn, to), { R: p0.R, t: [0, 0, 0] });
    out.push([p0, p1]);
  }
  return out;
}
