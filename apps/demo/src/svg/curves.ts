import type { Curve } from '@firsttouch/mesh';
import { type Pose2Like, transformPoint2 } from '@firsttouch/pose';
import { COLORS, n, polyline, svgDocument, text } from './document.js';

/** A curve to draw at a 2-D pose. */
export interface Drawn2 {
  curve: Curve;
  pose: Pose2Like;
  color: string;
  width?: number;
}

/** A plane figure of curves, with points, fitted to the drawing. */
export function curveScene(
  title: string,
  panels: {
    drawn: Drawn2[];
    points: { p: ArrayLike<number>; color: string; label?: string }[];
    caption: string;
  }[],
  width = 720,
  panelHeight = 300,
): string {
  const height = 40 + panels.length * panelHeight;
  const body: string[] = [text(20, 26, title, COLORS.light, 'start', 14)];
  panels.forEach((panel, k) => {
    const world = panel.drawn.map((d) =>
      chains(d.curve).map((chain) =>
        chain.map((q) => Array.from(transformPoint2(d.pose, q)) as [number, number]),
      ),
    );
    const pts = world.flat(2);
    const minX = Math.min(...pts.map((p) => p[0])),
      maxX = Math.max(...pts.map((p) => p[0]));
    const minY = Math.min(...pts.map((p) => p[1])),
      maxY = Math.max(...pts.map((p) => p[1]));
    const top = 40 + k * panelHeight;
    const scale = Math.min((width - 40) / (maxX - minX || 1), (panelHeight - 50) / (maxY - minY || 1));
    const X = (x: number) => 20 + (x - minX) * scale;
    const Y = (y: number) => top + 10 + (maxY - y) * scale;
    world.forEach((cs, d) => {
      for (const c of cs)
        body.push(
          polyline(
            c.map(([x, y]) => [X(x), Y(y)]),
            panel.drawn[d].color,
            panel.drawn[d].width ?? 1.2,
          ),
        );
    });
    for (const p of panel.points) {
      body.push(`<circle cx="${n(X(p.p[0]))}" cy="${n(Y(p.p[1]))}" r="3.5" fill="${p.color}"/>`);
      if (p.label) body.push(text(X(p.p[0]) + 6, Y(p.p[1]) - 6, p.label, p.color, 'start', 11));
    }
    body.push(text(20, top + panelHeight - 12, panel.caption, COLORS.grey, 'start', 11));
  });
  return svgDocument(width, height, body, title);
}

/** The chains of a curve as point lists (a loop repeats its first point at the end). */
function chains(c: Curve): [number, number][][] {
  return c.loops.map((l) => {
    const out: [number, number][] = [];
    for (let v = 0; v < l.size; v++)
      out.push([c.positions[2 * (l.start + v)], c.positions[2 * (l.start + v) + 1]]);
    if (l.closed) out.push(out[0]);
    return out;
  });
}
