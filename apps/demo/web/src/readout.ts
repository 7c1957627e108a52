// The result panel. The toi is printed in full (JavaScript's shortest round-trip form) and kept in
// `data-toi` on #result, with the status, iterations and facets: a test reads those, not the prose.
import type { CcdRun } from './ccd-run.js';

const byId = (id: string): HTMLElement => document.getElementById(id)!;

const vec = (v: ArrayLike<number>): string =>
  `(${Array.from(v, (x) => (Number.isFinite(x) ? x.toPrecision(7) : String(x))).join(', ')})`;

export function showRun(run: CcdRun, elapsedMs: number): void {
  const r = run.result;
  const root = byId('result');
  root.dataset.status = r.status;
  root.dataset.toi = String(r.toi);
  root.dataset.iterations = String(r.iterations);
  root.dataset.facetA = String(r.facetA);
  root.dataset.facetB = String(r.facetB);
  root.dataset.iterates = String(run.iterates.length);
  root.dataset.consistent = String(run.consistent);
  byId('status').textContent = r.status;
  byId('status').className = `status-${r.status}`;
  byId('toi').textContent = String(r.toi);
  byId('toi').dataset.toi = String(r.toi);
  byId('distance').textContent =
    `${r.distance.toExponential(4)}  (tolerance ${r.tolerance.toExponential(3)})`;
  byId('iterations').textContent =
    `${r.iterations}  (directional steps ${run.directionalSteps}, μ ${r.mu.toFixed(4)})`;
  byId('facets').textContent = `A ${r.facetA}, B ${r.facetB}`;
  byId('point-a').textContent = vec(r.pointA);
  byId('point-b').textContent = vec(r.pointB);
  byId('normal').textContent = vec(r.normal);
  byId('pairs').textContent = `${r.pairEvaluations}  (${elapsedMs.toFixed(0)} ms in this page)`;
  byId('iterate-list').textContent = run.iterates
    .map((p, k) => `s${k} = ${p.s.toFixed(6)}   d = ${p.gap.toExponential(3)}`)
    .join('\n');
  // The replay that records the iterates must end where the query did; say so if it ever does not.
  byId('check').textContent = run.consistent ? '' : 'warning: the recorded iterates do not end at the toi';
}

/** Marks the panel busy or failed; the previous numbers are cleared so they cannot be mistaken. */
export function showState(state: 'running' | 'error', message = ''): void {
  const root = byId('result');
  root.dataset.state = state;
  if (state === 'running') {
    delete root.dataset.toi;
    delete byId('toi').dataset.toi;
    byId('toi').textContent = '…';
  }
  byId('message').textContent = message;
}

export function showDone(): void {
  byId('result').dataset.state = 'done';
  byId('message').textContent = '';
}
