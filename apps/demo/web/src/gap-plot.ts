// The gap over the step as an SVG line chart: the sampled gap d(s), the advancement's iterates
// (s_k, d_k) on it, the toi, and a cursor at the slider's instant. Clicking the chart moves the slider.
import type { Iterate } from './ccd-run.js';

const SVG = 'http://www.w3.org/2000/svg';
const WIDTH = 820;
const HEIGHT = 230;
const M = { left: 62, right: 16, top: 14, bottom: 36 };
const PLOT_W = WIDTH - M.left - M.right;
const PLOT_H = HEIGHT - M.top - M.bottom;

function el<K extends keyof SVGElementTagNameMap>(
  name: K,
  attrs: Record<string, string | number>,
  text?: string,
): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

export class GapPlot {
  readonly #svg: SVGSVGElement;
  readonly #cursor = el('line', { class: 'cursor', y1: M.top, y2: M.top + PLOT_H });

  constructor(svg: SVGSVGElement, onPick: (s: number) => void) {
    this.#svg = svg;
    svg.setAttribute('viewBox', `0 0 ${WIDTH} ${HEIGHT}`);
    svg.addEventListener('click', (event) => {
      // The click in viewBox units, whatever size the chart is drawn at.
      const box = svg.getBoundingClientRect();
      const x = ((event.clientX - box.left) / box.width) * WIDTH;
      onPick(Math.min(1, Math.max(0, (x - M.left) / PLOT_W)));
    });
  }

  draw(samples: readonly Iterate[], iterates: readonly Iterate[], toi: number | undefined): void {
    const top = niceTop(Math.max(...samples.map((p) => p.gap), ...iterates.map((p) => p.gap)));
    const x = (s: number): number => M.left + s * PLOT_W;
    const y = (gap: number): number => M.top + PLOT_H - (gap / top) * PLOT_H;
    const parts: SVGElement[] = [
      el('rect', { class: 'frame', x: M.left, y: M.top, width: PLOT_W, height: PLOT_H }),
    ];
    for (let i = 0; i <= 4; i++) {
      const s = i / 4;
      const gap = (top * i) / 4;
      parts.push(
        el('line', { class: 'grid', x1: x(s), x2: x(s), y1: M.top, y2: M.top + PLOT_H }),
        el('line', { class: 'grid', x1: M.left, x2: M.left + PLOT_W, y1: y(gap), y2: y(gap) }),
        el('text', { class: 'tick', x: x(s), y: M.top + PLOT_H + 16, 'text-anchor': 'middle' }, String(s)),
        el('text', { class: 'tick', x: M.left - 6, y: y(gap) + 4, 'text-anchor': 'end' }, formatTick(gap)),
      );
    }
    parts.push(
      el('text', { class: 'label', x: M.left + PLOT_W / 2, y: HEIGHT - 4, 'text-anchor': 'middle' }, 's'),
      el(
        'text',
        {
          class: 'label',
          x: 14,
          y: M.top + PLOT_H / 2,
          transform: `rotate(-90 14 ${M.top + PLOT_H / 2})`,
          'text-anchor': 'middle',
        },
        'gap d(s)',
      ),
      el('polyline', { class: 'gap', points: samples.map((p) => `${x(p.s)},${y(p.gap)}`).join(' ') }),
    );
    if (toi !== undefined) {
      parts.push(
        el('line', { class: 'toi', x1: x(toi), x2: x(toi), y1: M.top, y2: M.top + PLOT_H }),
        el('text', { class: 'toi-label', x: x(toi) + 5, y: M.top + 14 }, `toi ${toi.toFixed(6)}`),
      );
    }
    // The steps of the advancement: from (s_k, d_k) along the bound's slope down to s_{k+1}.
    for (let k = 0; k + 1 < iterates.length; k++) {
      const p = iterates[k];
      const q = iterates[k + 1];
      parts.push(el('line', { class: 'step', x1: x(p.s), y1: y(p.gap), x2: x(q.s), y2: y(0) }));
    }
    for (const p of iterates)
      parts.push(el('circle', { class: 'iterate', cx: x(p.s), cy: y(p.gap), r: 3.5 }));
    parts.push(
      el(
        'text',
        { class: 'note', x: M.left + PLOT_W - 6, y: M.top + 14, 'text-anchor': 'end' },
        '● iterates (s_k, d_k)   ╌ the bound d_k − μ (s − s_k)',
      ),
      this.#cursor,
    );
    this.#svg.replaceChildren(...parts);
  }

  setCursor(s: number): void {
    const x = String(M.left + s * PLOT_W);
    this.#cursor.setAttribute('x1', x);
    this.#cursor.setAttribute('x2', x);
  }
}

/** A round number at or above `max` (1, 2 or 5 times a power of ten), for readable ticks. */
function niceTop(max: number): number {
  if (!(max > 0)) return 1;
  const p = 10 ** Math.floor(Math.log10(max));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * p >= max) return m * p;
  return 10 * p;
}

function formatTick(v: number): string {
  return v === 0 ? '0' : Number(v.toPrecision(3)).toString();
}
