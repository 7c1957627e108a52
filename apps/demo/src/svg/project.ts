import type { Surface } from '@firsttouch/mesh';
import { type Pose3Like, transformPoint } from '@firsttouch/pose';
import { COLORS, n, polygon, svgDocument, text } from './document.js';

/** A body to draw: a surface at a pose, its colour and opacity. */
export interface Drawn {
  surface: Surface;
  pose: Pose3Like;
  color: string;
  opacity?: number;
}

/** A 3-D segment or point to draw over the bodies (world coordinates). */
export interface Overlay {
  from: ArrayLike<number>;
  to?: ArrayLike<number>;
  color: string;
  label?: string;
}

/**
 * An orthographic view of surfaces, flat-shaded, painted back to front: the view looks along
 * `(−sin(yaw) cos(pitch), −sin(pitch), −cos(yaw) cos(pitch))`, y up.
 */
/** How to look at the scene. */
export interface ViewOptions {
  yaw?: number;
  pitch?: number;
  /** World points the view is fitted to (default: everything drawn); the rest is clipped. */
  fitTo?: ArrayLike<number>[];
  /** Extra room around `fitTo`, in world units. */
  margin?: number;
}

export function projectScene(
  title: string,
  bodies: Drawn[],
  overlays: Overlay[],
  notes: string[],
  options: ViewOptions = {},
  width = 720,
  height = 480,
): string {
  const yaw = options.yaw ?? 0.5;
  const pitch = options.pitch ?? 0.35;
  const cy = Math.cos(yaw),
    sy = Math.sin(yaw),
    cp = Math.cos(pitch),
    sp = Math.sin(pitch);
  // camera axes: right, up, toward the viewer
  const right = [cy, 0, -sy];
  const up = [-sy * sp, cp, -cy * sp];
  const back = [sy * cp, sp, cy * cp];
  const view = (p: ArrayLike<number>): [number, number, number] => [
    p[0] * right[0] + p[1] * right[1] + p[2] * right[2],
    p[0] * up[0] + p[1] * up[1] + p[2] * up[2],
    p[0] * back[0] + p[1] * back[1] + p[2] * back[2],
  ];
  const light = [0.4, 0.8, 0.45];
  const tris: { depth: number; pts: [number, number][]; fill: string; opacity: number }[] = [];
  const all: [number, number][] = [];
  const facet = new Float64Array(9);
  const w = new Float64Array(3);
  for (const b of bodies) {
    for (let f = 0; f < b.surface.facetCount; f++) {
      b.surface.facet(f, facet);
      const v = [0, 1, 2].map((k) => view(transformPoint(b.pose, facet.subarray(3 * k, 3 * k + 3), w)));
      const ux = v[1][0] - v[0][0],
        uy = v[1][1] - v[0][1],
        uz = v[1][2] - v[0][2];
      const vx = v[2][0] - v[0][0],
        vy = v[2][1] - v[0][1],
        vz = v[2][2] - v[0][2];
      const nx = uy * vz - uz * vy,
        ny = uz * vx - ux * vz,
        nz = ux * vy - uy * vx;
      const len = Math.hypot(nx, ny, nz) || 1;
      const shade = 0.35 + 0.65 * Math.abs((nx * light[0] + ny * light[1] + nz * light[2]) / len);
      const pts = v.map((p) => [p[0], p[1]] as [number, number]);
      all.push(...pts);
      tris.push({
        depth: (v[0][2] + v[1][2] + v[2][2]) / 3,
        pts,
        fill: shadeColor(b.color, shade),
        opacity: b.opacity ?? 1,
      });
    }
  }
  for (const o of overlays) {
    all.push(view(o.from).slice(0, 2) as [number, number]);
    if (o.to) all.push(view(o.to).slice(0, 2) as [number, number]);
  }
  const fit = options.fitTo ? options.fitTo.map((p) => view(p).slice(0, 2) as [number, number]) : all;
  const m = options.margin ?? 0;
  const xs = fit.map((p) => p[0]);
  const ys = fit.map((p) => p[1]);
  const minX = Math.min(...xs) - m;
  const maxX = Math.max(...xs) + m;
  const minY = Math.min(...ys) - m;
  const maxY = Math.max(...ys) + m;
  const scale = Math.min((width - 40) / (maxX - minX || 1), (height - 90) / (maxY - minY || 1));
  const X = (x: number) => 20 + (x - minX) * scale + (width - 40 - (maxX - minX) * scale) / 2;
  const Y = (y: number) => 50 + (maxY - y) * scale;
  tris.sort((a, b) => a.depth - b.depth);
  const body: string[] = [
    `<clipPath id="view"><rect x="20" y="40" width="${width - 40}" height="${height - 80}"/></clipPath>`,
    '<g clip-path="url(#view)">',
  ];
  for (const t of tris) {
    body.push(
      polygon(
        t.pts.map(([x, y]) => [X(x), Y(y)]),
        t.fill,
        t.fill,
        `stroke-width="0.3"${t.opacity < 1 ? ` opacity="${t.opacity}"` : ''}`,
      ),
    );
  }
  for (const o of overlays) {
    const a = view(o.from);
    if (o.to) {
      const b = view(o.to);
      body.push(
        `<line x1="${n(X(a[0]))}" y1="${n(Y(a[1]))}" x2="${n(X(b[0]))}" y2="${n(Y(b[1]))}" stroke="${o.color}" stroke-width="1.5"/>`,
      );
    } else {
      body.push(`<circle cx="${n(X(a[0]))}" cy="${n(Y(a[1]))}" r="3.5" fill="${o.color}"/>`);
    }
    if (o.label) body.push(text(X(a[0]) + 6, Y(a[1]) - 6, o.label, o.color, 'start', 11));
  }
  body.push('</g>', text(20, 26, title, COLORS.light, 'start', 14));
  notes.forEach((s, k) => {
    body.push(text(20, height - 12 - 16 * (notes.length - 1 - k), s, COLORS.grey, 'start', 11));
  });
  return svgDocument(width, height, body, title);
}

function shadeColor(hex: string, k: number): string {
  const c = [1, 3, 5].map((i) => Math.round(Number.parseInt(hex.slice(i, i + 2), 16) * k));
  return `rgb(${c.join(',')})`;
}
