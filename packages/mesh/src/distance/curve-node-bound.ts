import type { CurveSearch } from './curve-search.js';

/**
 * Lower bound of the gap between node i of A and node j of B, into `q.bound`: with B's vertices all
 * placed, B's box is that of its placed vertices (exact, tight); else B's box turned into A's frame
 * and enclosed. B's boxes are kept for the evaluation (stamped).
 */
export function nodeBound(q: CurveSearch, i: number, j: number): void {
  const nb = q.nb;
  const o = 4 * j;
  if (q.eager) {
    if (q.nbStamp[j] !== q.stamp) tightBox(q, j);
    const ba = q.ta!.boxes;
    const p = 4 * i;
    const gx = nb[o] - ba[p + 2] > ba[p] - nb[o + 2] ? nb[o] - ba[p + 2] : ba[p] - nb[o + 2];
    const gy = nb[o + 1] - ba[p + 3] > ba[p + 1] - nb[o + 3] ? nb[o + 1] - ba[p + 3] : ba[p + 1] - nb[o + 3];
    let sum = 0;
    if (gx > 0) sum += gx * gx;
    if (gy > 0) sum += gy * gy;
    q.bound = Math.sqrt(sum);
    return;
  }
  if (q.nbStamp[j] !== q.stamp) {
    q.nbStamp[j] = q.stamp;
    const bb = q.tb!.boxes;
    const c = q.c;
    const s = q.s;
    const cx = 0.5 * (bb[o] + bb[o + 2]);
    const cy = 0.5 * (bb[o + 1] + bb[o + 3]);
    const hx = 0.5 * (bb[o + 2] - bb[o]);
    const hy = 0.5 * (bb[o + 3] - bb[o + 1]);
    nb[o] = c * cx - s * cy + q.tu;
    nb[o + 1] = s * cx + c * cy + q.tv;
    nb[o + 2] = Math.abs(c) * hx + Math.abs(s) * hy;
    nb[o + 3] = Math.abs(s) * hx + Math.abs(c) * hy;
  }
  const ba = q.ta!.boxes;
  const p = 4 * i;
  const gx = Math.abs(nb[o] - 0.5 * (ba[p] + ba[p + 2])) - 0.5 * (ba[p + 2] - ba[p]) - nb[o + 2];
  const gy = Math.abs(nb[o + 1] - 0.5 * (ba[p + 1] + ba[p + 3])) - 0.5 * (ba[p + 3] - ba[p + 1]) - nb[o + 3];
  let sum = 0;
  if (gx > 0) sum += gx * gx;
  if (gy > 0) sum += gy * gy;
  q.bound = Math.sqrt(sum);
}

/** The box of B's node j from its placed vertices (smallest, then largest coordinates), kept for this evaluation. */
function tightBox(q: CurveSearch, j: number): void {
  const tb = q.tb!;
  const nb = q.nb;
  const o = 4 * j;
  q.nbStamp[j] = q.stamp;
  let lu = Number.POSITIVE_INFINITY;
  let lv = Number.POSITIVE_INFINITY;
  let hu = Number.NEGATIVE_INFINITY;
  let hv = Number.NEGATIVE_INFINITY;
  const n = tb.count[j];
  if (n > 0) {
    const ib = q.b.indices;
    const vb = q.vb;
    const order = tb.order;
    const first = tb.child[j];
    for (let x = first; x < first + n; x++) {
      const e = order[x];
      for (let k = 0; k < 2; k++) {
        const v = 2 * ib[2 * e + k];
        const u = vb[v];
        const w = vb[v + 1];
        if (u < lu) lu = u;
        if (u > hu) hu = u;
        if (w < lv) lv = w;
        if (w > hv) hv = w;
      }
    }
  } else {
    const l = j + 1;
    const r = tb.child[j];
    if (q.nbStamp[l] !== q.stamp) tightBox(q, l);
    if (q.nbStamp[r] !== q.stamp) tightBox(q, r);
    const p = 4 * l;
    const s = 4 * r;
    lu = nb[p] < nb[s] ? nb[p] : nb[s];
    lv = nb[p + 1] < nb[s + 1] ? nb[p + 1] : nb[s + 1];
    hu = nb[p + 2] > nb[s + 2] ? nb[p + 2] : nb[s + 2];
    hv = nb[p + 3] > nb[s + 3] ? nb[p + 3] : nb[s + 3];
  }
  nb[o] = lu;
  nb[o + 1] = lv;
  nb[o + 2] = hu;
  nb[o + 3] = hv;
}
