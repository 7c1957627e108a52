// The web viewer end to end: build the page with Vite, serve the build from a local static server,
// open it in Debian's chromium (playwright-core drives it; no browser is downloaded), let it run the
// built-in scene, and check that the toi it shows is the library's in Node, bit for bit. The page
// must fetch nothing from any other host (it works offline). A screenshot is kept as an artefact.
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { timeOfImpact } from '@firsttouch/ccd';
import type { Shape } from '@firsttouch/convex';
import { readObj, writeObj } from '@firsttouch/io';
import { box, icosphere, type Surface } from '@firsttouch/mesh';
import { identityPose, poseFromAxisAngle } from '@firsttouch/pose';
import { type Browser, chromium, type Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unitSurface } from '../web/src/bodies.js';
import { primitiveShape } from '../web/src/primitive-bodies.js';

const CHROMIUM = '/usr/bin/chromium';
const demoDir = fileURLToPath(new URL('..', import.meta.url));
const webDir = join(demoDir, 'web');
const distDir = join(webDir, 'dist');
const screenshot = join(demoDir, 'test-results', 'viewer.png');

// CI installs chromium (.ci/run): there a missing browser is a failure. On a developer's machine
// without it the test is skipped, and says why.
const inCi = process.env.CI !== undefined && process.env.CI !== '' && process.env.CI !== 'false';
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium && !inCi) {
  console.warn(`web.test.ts skipped: no ${CHROMIUM} (apt-get install chromium); in CI it fails instead.`);
}

// The browser globals of the callbacks that run in the page: this file compiles without the DOM
// library (the demo is a Node program), so the little they use is declared here, in module scope.
interface PageCanvas {
  width: number;
  height: number;
  getContext(kind: '2d'): {
    drawImage(image: PageCanvas, x: number, y: number): void;
    getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
  } | null;
}
declare const document: { createElement(tag: 'canvas'): PageCanvas };
declare function requestAnimationFrame(callback: (time: number) => void): number;

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/** A static server for `dir` on 127.0.0.1 and a free port; only files inside `dir` are served. */
async function serve(dir: string): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://127.0.0.1').pathname);
    const file = normalize(join(dir, path.endsWith('/') ? `${path}index.html` : path));
    if (!file.startsWith(dir + sep)) {
      res.writeHead(403).end();
      return;
    }
    readFile(file).then(
      (body) =>
        res.writeHead(200, { 'content-type': MIME[extname(file)] ?? 'application/octet-stream' }).end(body),
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

function requireChromium(): void {
  expect(hasChromium, `${CHROMIUM} is missing: CI must install Debian's chromium`).toBe(true);
}

/** The built-in scene's query, computed here with the library: the same bodies, poses and defaults. */
function nodeQuery(b: Surface | Shape<3> = box(0.04, 2), a?: Surface | Shape<3>) {
  const require = createRequire(import.meta.url);
  const bunny = require('bunny') as { positions: number[][]; cells: number[][] };
  return timeOfImpact(a ?? unitSurface(bunny.positions, bunny.cells), b, {
    a: [identityPose(), identityPose()],
    b: [
      poseFromAxisAngle([0, 1, 0], 0, [-0.6, -0.2, -0.2]),
      poseFromAxisAngle([0, 1, 0], Math.PI / 2, [0.6, -0.2, -0.2]),
    ],
  });
}

describe.skipIf(!hasChromium && !inCi)('the web viewer (pnpm --filter @firsttouch/demo web)', () => {
  let server: Server | undefined;
  let browser: Browser | undefined;
  // Assigned in beforeAll; only used by tests that have checked the browser is there.
  let page!: Page;
  const pageErrors: string[] = [];
  const foreignRequests: string[] = [];

  beforeAll(async () => {
    // Without the browser there is nothing to set up; each test then fails by itself (below), so
    // that CI counts failed tests, not tests skipped after a failed hook.
    if (!hasChromium) return;
    await build({ root: webDir, configFile: join(webDir, 'vite.config.ts'), logLevel: 'warn' });
    const served = await serve(distDir);
    server = served.server;
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(message.text());
    });
    // Offline: anything not from our server is refused and remembered.
    await page.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(`${served.origin}/`)) return route.continue();
      foreignRequests.push(url);
      return route.abort();
    });
    await page.goto(`${served.origin}/index.html`);
    // The page runs the built-in scene on load; it ends in 'done' or 'error'.
    await page.waitForSelector('#result[data-state="done"], #result[data-state="error"]', {
      timeout: 45_000,
    });
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  });

  it('shows the toi the library computes in Node, with its status, iterations and facets', async () => {
    requireChromium();
    expect(await page.textContent('#message')).toBe('');
    const attr = async (name: string): Promise<string | null> => page.getAttribute('#result', `data-${name}`);
    const data = {
      state: await attr('state'),
      status: await attr('status'),
      toi: await attr('toi'),
      iterations: await attr('iterations'),
      facetA: await attr('facet-a'),
      facetB: await attr('facet-b'),
      iterates: await attr('iterates'),
      consistent: await attr('consistent'),
    };
    const expected = nodeQuery();
    expect(expected.status).toBe('contact');
    expect(data.state).toBe('done');
    expect(Number(data.toi)).toBe(expected.toi);
    expect(await page.textContent('#toi')).toBe(String(expected.toi));
    expect(await page.getAttribute('#toi', 'data-toi')).toBe(String(expected.toi));
    expect(data.status).toBe(expected.status);
    expect(Number(data.iterations)).toBe(expected.iterations);
    expect(Number(data.facetA)).toBe(expected.facetA);
    expect(Number(data.facetB)).toBe(expected.facetB);
    // The recorded iterates: s_0 = 0 and one a step, ending at the toi.
    expect(Number(data.iterates)).toBe(expected.iterations + 1);
    expect(data.consistent).toBe('true');
    expect(pageErrors).toEqual([]);
    expect(foreignRequests).toEqual([]);
  });

  it('draws the bodies, the slider and the plot, and saves a screenshot', async () => {
    requireChromium();
    // Two frames: the view renders on demand, at the frame after the last change.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    // Share of the 3-D view's pixels that are not background: the bodies, ghosts and markers.
    const drawn = await page.$eval('#view canvas', (canvas) => {
      const c = canvas as unknown as PageCanvas;
      const copy = document.createElement('canvas');
      copy.width = c.width;
      copy.height = c.height;
      const ctx = copy.getContext('2d')!;
      ctx.drawImage(c, 0, 0);
      const px = ctx.getImageData(0, 0, c.width, c.height).data;
      let other = 0;
      for (let i = 0; i < px.length; i += 4) {
        if (Math.abs(px[i] - 0xf4) + Math.abs(px[i + 1] - 0xf5) + Math.abs(px[i + 2] - 0xf7) > 24) other++;
      }
      return other / (px.length / 4);
    });
    expect(drawn).toBeGreaterThan(0.02);
    // The slider stands at the toi: the bodies are drawn at the instant of first contact.
    expect(await page.getAttribute('#s', 'data-s')).toBe(await page.getAttribute('#toi', 'data-toi'));
    expect(await page.locator('#plot polyline.gap').count()).toBe(1);
    expect(await page.locator('#plot circle.iterate').count()).toBeGreaterThan(1);
    expect(await page.locator('#plot line.toi').count()).toBe(1);
    await mkdir(join(demoDir, 'test-results'), { recursive: true });
    await page.screenshot({ path: screenshot });
    expect(existsSync(screenshot)).toBe(true);
  });

  it('runs the world of bullets and thin walls in the page: none through a wall, as in Node', async () => {
    requireChromium();
    await page.click('#world-run');
    await page.waitForSelector('#world[data-state="done"]', { timeout: 120_000 });
    expect(await page.getAttribute('#world', 'data-crossed')).toBe('0');
    expect(await page.getAttribute('#world', 'data-intersecting')).toBe('0');
    expect(await page.textContent('#world-readout')).toContain(
      'bullets through a wall 0, pairs intersecting 0',
    );
    expect(pageErrors).toEqual([]);
  }, 180_000);

  it('takes an OBJ file for a body and shows the toi the library computes for it', async () => {
    requireChromium();
    // a ball in place of the pebble, at the same poses, as the user would pick it from the disk
    const obj = writeObj(icosphere(0.05, 2), { name: 'ball' });
    await page.setInputFiles('#file-b', {
      name: 'ball.obj',
      mimeType: 'model/obj',
      buffer: Buffer.from(obj),
    });
    // the name shows once the file is read; the query then runs (state "running", then "done")
    await page.waitForSelector('#body-b-name:has-text("ball.obj (OBJ), 320 facets")', { timeout: 10_000 });
    await page.waitForSelector('#result[data-state="done"], #result[data-state="error"]', {
      timeout: 45_000,
    });
    expect(await page.textContent('#message')).toBe('');
    const expected = nodeQuery(readObj(obj).surface);
    expect(expected.status).toBe('contact');
    expect(await page.getAttribute('#result', 'data-state')).toBe('done');
    expect(Number(await page.getAttribute('#result', 'data-toi'))).toBe(expected.toi);
    expect(Number(await page.getAttribute('#result', 'data-facet-b'))).toBe(expected.facetB);
    expect(pageErrors).toEqual([]);
    expect(foreignRequests).toEqual([]);
  });
  it('takes exact shapes for the bodies (a ball, then a hull against a capsule): drawn, and the toi the library computes', async () => {
    requireChromium();
    const pick = async (key: 'a' | 'b', name: string, shown: string) => {
      await page.selectOption(`#shape-${key}`, name);
      await page.waitForSelector(`#body-${key}-name:has-text("${shown}")`, { timeout: 10_000 });
      await page.waitForSelector('#result[data-state="done"], #result[data-state="error"]', {
        timeout: 45_000,
      });
      expect(await page.textContent('#message')).toBe('');
      expect(await page.getAttribute('#result', 'data-state')).toBe('done');
    };
    // a ball in place of body B, thrown past the bunny as the pebble was
    await pick('b', 'ball', 'exact ball');
    // the file picked for B in the test before is no longer what B is: the picker is cleared
    expect(await page.inputValue('#file-b')).toBe('');
    const ball = nodeQuery(primitiveShape('ball', 'b'));
    expect(ball.status).toBe('contact');
    expect(Number(await page.getAttribute('#result', 'data-toi'))).toBe(ball.toi);
    expect(Number(await page.getAttribute('#result', 'data-facet-b'))).toBe(0);
    // then a hull for A and a capsule for B: both exact shapes, the B throw turning (the loop, replayed)
    await pick('a', 'hull', 'exact convexHull');
    await pick('b', 'capsule', 'exact capsule');
    const both = nodeQuery(primitiveShape('capsule', 'b'), primitiveShape('hull', 'a'));
    expect(both.status).toBe('contact');
    expect(Number(await page.getAttribute('#result', 'data-toi'))).toBe(both.toi);
    expect(Number(await page.getAttribute('#result', 'data-iterations'))).toBe(both.iterations);
    expect(await page.getAttribute('#result', 'data-consistent')).toBe('true');
    // the shapes are drawn: the view is not empty
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    const drawn = await page.$eval('#view canvas', (canvas) => {
      const c = canvas as unknown as PageCanvas;
      const copy = document.createElement('canvas');
      copy.width = c.width;
      copy.height = c.height;
      const ctx = copy.getContext('2d')!;
      ctx.drawImage(c, 0, 0);
      const px = ctx.getImageData(0, 0, c.width, c.height).data;
      let other = 0;
      for (let i = 0; i < px.length; i += 4) {
        if (Math.abs(px[i] - 0xf4) + Math.abs(px[i + 1] - 0xf5) + Math.abs(px[i + 2] - 0xf7) > 24) other++;
      }
      return other / (px.length / 4);
    });
    expect(drawn).toBeGreaterThan(0.02);
    await page.screenshot({ path: join(demoDir, 'test-results', 'viewer-shapes.png') });
    expect(pageErrors).toEqual([]);
    expect(foreignRequests).toEqual([]);
  });
});
