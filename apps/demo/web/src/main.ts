// The page: wires the bodies, the pose form, the query, the 3-D view, the slider and the plot. The
// library runs here, in the page (its packages use no Node API); nothing is fetched from elsewhere.
import './style.css';
import type { Motion3 } from '@firsttouch/ccd';
import { Box3, Vector3 } from 'three';
import { printWorld, worldRun } from '../../src/runs/world.js';
import { type Body, bodySize } from './bodies.js';
import { BodiesView } from './bodies-view.js';
import { bodyFromFile } from './body-file.js';
import { builtinScene } from './builtin-scene.js';
import { type CcdRun, runCcd } from './ccd-run.js';
import { GapPlot } from './gap-plot.js';
import { gapAt, sampleGap } from './gap-samples.js';
import { PoseForm } from './pose-form.js';
import { motionOfSpec } from './pose-spec.js';
import { PRIMITIVES, type PrimitiveName, primitiveBody } from './primitive-bodies.js';
import { showDone, showRun, showState } from './readout.js';
import { StepSlider } from './slider.js';
import { View3d } from './view3d.js';
import { WitnessView } from './witness-view.js';

const byId = <T extends HTMLElement = HTMLElement>(id: string): T => document.getElementById(id) as T;

const view = new View3d(byId('view'));
const bodiesView = new BodiesView(view);
const witness = new WitnessView(view);
const form = new PoseForm(byId('pose-form'));
const bodies: { a: Body; b: Body } = builtinScene();
let motion: Motion3 | undefined;
let last: CcdRun | undefined;
/** Bumped by every run: a run that yielded to the browser and finds a newer one started gives way. */
let runToken = 0;

const plot = new GapPlot(document.querySelector<SVGSVGElement>('#plot')!, (s) => slider.set(s));
const slider = new StepSlider(byId<HTMLInputElement>('s'), byId('s-value'), (s) => {
  bodiesView.showAt(s);
  plot.setCursor(s);
  byId('gap-at-s').textContent = motion
    ? gapAt(bodies.a.body, bodies.b.body, motion, s).toExponential(4)
    : '';
});

function showBodies(): void {
  for (const key of ['a', 'b'] as const) {
    const { name, body } = bodies[key];
    byId(`body-${key}-name`).textContent = `${name}, ${bodySize(body)}`;
  }
  bodiesView.setBodies(bodies.a.body, bodies.b.body);
}

async function run(): Promise<void> {
  const token = ++runToken;
  showState('running');
  // Let the browser paint "running" before the query holds the thread.
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  if (token !== runToken) return;
  try {
    const m = motionOfSpec(form.read());
    const t0 = performance.now();
    const ccd = runCcd(bodies.a.body, bodies.b.body, m);
    const elapsed = performance.now() - t0;
    const samples = sampleGap(bodies.a.body, bodies.b.body, m);
    motion = m;
    last = ccd;
    bodiesView.setMotion(m);
    bodiesView.showIterates(ccd.iterates);
    const box = bodiesView.sweptBox();
    view.fit(box, viewpoint(ccd));
    witness.show(ccd.result, sceneSize(box));
    // Separate ends at s = 1 by definition: no toi to mark there.
    plot.draw(samples, ccd.iterates, ccd.result.status === 'separate' ? undefined : ccd.result.toi);
    showRun(ccd, elapsed);
    slider.set(ccd.result.toi);
    showDone();
  } catch (error) {
    showState('error', error instanceof Error ? error.message : String(error));
  }
}

function sceneSize(box: Box3): number {
  return box.max.distanceTo(box.min);
}

/**
 * Where to look from: at a contact, from B's side of it (along the normal A→B, lifted so as not to
 * look from below, blended with the front view), so that the contact is not hidden behind A.
 */
function viewpoint(ccd: CcdRun): Vector3 | undefined {
  const { status, normal } = ccd.result;
  if (status !== 'contact' || !normal.every(Number.isFinite)) return undefined;
  return new Vector3(...normal).add(new Vector3(0.1, 0.7, 0.3));
}

function loadBuiltin(): void {
  const scene = builtinScene();
  for (const key of ['a', 'b'] as const) {
    byId<HTMLSelectElement>(`shape-${key}`).value = '';
    byId<HTMLInputElement>(`file-${key}`).value = '';
  }
  bodies.a = scene.a;
  bodies.b = scene.b;
  form.write(scene.motion);
  showBodies();
  void run();
}

for (const key of ['a', 'b'] as const) {
  const input = byId<HTMLInputElement>(`file-${key}`);
  input.addEventListener('change', async () => {
    const file = input.files?.[0];
    if (!file) return;
    try {
      bodies[key] = await bodyFromFile(file);
      byId<HTMLSelectElement>(`shape-${key}`).value = '';
    } catch (error) {
      showState('error', `${file.name}: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    showBodies();
    void run();
  });
}

// A primitive in place of a body: the exact shape, drawn from its definition and queried as it is.
for (const key of ['a', 'b'] as const) {
  const select = byId<HTMLSelectElement>(`shape-${key}`);
  select.addEventListener('change', () => {
    const name = select.value as PrimitiveName;
    if (!PRIMITIVES.includes(name)) return;
    bodies[key] = primitiveBody(name, key);
    // the file picker would still name the file this shape replaced
    byId<HTMLInputElement>(`file-${key}`).value = '';
    showBodies();
    void run();
  });
}

byId<HTMLFormElement>('controls').addEventListener('submit', (event) => {
  event.preventDefault();
  void run();
});
byId('builtin').addEventListener('click', loadBuiltin);
// The pebble is small next to the bunny: a close look at the contact, and back to the whole step.
byId('zoom-contact').addEventListener('click', () => {
  if (!last || (last.result.status !== 'contact' && last.result.status !== 'initial-contact')) return;
  const size = 0.15 * sceneSize(bodiesView.sweptBox());
  const at = new Vector3(...last.result.pointA);
  view.fit(new Box3().setFromCenterAndSize(at, new Vector3(size, size, size)), viewpoint(last));
});
byId('zoom-all').addEventListener('click', () => last && view.fit(bodiesView.sweptBox(), viewpoint(last)));
byId('to-start').addEventListener('click', () => slider.set(0));
byId('to-toi').addEventListener('click', () => last && slider.set(last.result.toi));
byId('to-end').addEventListener('click', () => slider.set(1));
// Step through the iterates: the nearest one strictly before / after the slider.
byId('prev-iterate').addEventListener('click', () => {
  const before = last?.iterates.filter((p) => p.s < slider.value).at(-1);
  if (before) slider.set(before.s);
});
byId('next-iterate').addEventListener('click', () => {
  const after = last?.iterates.find((p) => p.s > slider.value);
  if (after) slider.set(after.s);
});

// The world's run of `npm run demo`, here in the page: its counts, pass-throughs first.
byId('world-run').addEventListener('click', async () => {
  const out = byId('world-readout');
  out.textContent = 'running…';
  byId('world').dataset.state = 'running';
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  const r = worldRun();
  out.textContent = printWorld(r).join('\n');
  byId('world').dataset.crossed = String(r.crossed);
  byId('world').dataset.intersecting = String(r.intersecting);
  byId('world').dataset.state = 'done';
});

loadBuiltin();
