// The pool in a browser: the page of test/browser (built with Vite from the package's dist, as a
// bundler ships it) runs a BatchPool of two web workers in Debian's chromium (playwright-core drives
// it; no browser is downloaded), served twice: plainly (bodies copied to each worker) and cross-origin
// isolated (bodies in one SharedArrayBuffer). Its answers equal the page's own sequential calls bit
// for bit, and Node's to 1e-9: Chromium's V8 and Node 20's differ in the last bits of some witness
// coordinates (and so, where two facet pairs tie, in the facets named), so bit for bit holds within
// one engine.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { timeOfImpact } from '@firsttouch/ccd';
import { box, icosphere, surfaceDistance } from '@firsttouch/mesh';
import { identityPose, poseFromAxisAngle } from '@firsttouch/pose';
import { type Browser, chromium } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { motions } from './browser/queries.js';

const CHROMIUM = '/usr/bin/chromium';
const inCi = process.env.CI !== undefined && process.env.CI !== '' && process.env.CI !== 'false';
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium && !inCi) console.warn(`browser.test.ts skipped: no ${CHROMIUM} (apt-get install chromium)`);

const pageDir = fileURLToPath(new URL('./browser', import.meta.url));
const outDir = mkdtempSync(join(tmpdir(), 'firsttouch-batch-page-'));

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
};

/** A static server of `dir` on 127.0.0.1; `isolated` adds the headers of cross-origin isolation. */
async function serve(dir: string, isolated: boolean): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://127.0.0.1').pathname);
    const file = normalize(join(dir, path.endsWith('/') ? `${path}index.html` : path));
    if (!file.startsWith(dir + sep)) {
      res.writeHead(403).end();
      return;
    }
    const headers: Record<string, string> = {
      'content-type': MIME[extname(file)] ?? 'application/octet-stream',
    };
    if (isolated) {
      headers['cross-origin-opener-policy'] = 'same-origin';
      headers['cross-origin-embedder-policy'] = 'require-corp';
    }
    readFile(file).then(
      (body) => res.writeHead(200, headers).end(body),
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** What the page computes, computed here. */
function expected() {
  const a = icosphere(0.5, 2);
  const b = box([0.6, 0.3, 0.2], 2);
  const still = [identityPose(), identityPose()] as const;
  const plain = (r: unknown) =>
    JSON.parse(
      JSON.stringify(r, (_, v) =>
        ArrayBuffer.isView(v) ? Array.from(v as unknown as ArrayLike<number>) : v,
      ),
    );
  return {
    results: motions().map((m) => plain(timeOfImpact(a, b, { a: still, b: m }))),
    distance: plain(surfaceDistance(a, b, { poseB: poseFromAxisAngle([0, 0, 1], 0.4, [1.2, 0, 0]) })),
  };
}

describe.skipIf(!hasChromium && !inCi)('BatchPool in chromium (web workers)', () => {
  let browser: Browser | undefined;
  const servers: Server[] = [];

  beforeAll(async () => {
    if (!hasChromium) return;
    await build({
      root: pageDir,
      configFile: false,
      base: './',
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true, target: 'es2022' },
    });
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
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    for (const s of servers) await new Promise((resolve) => s.close(resolve));
    rmSync(outDir, { recursive: true, force: true });
  });

  for (const isolated of [false, true]) {
    it(`answers in order, bit for bit the page's sequential calls, and as Node (${isolated ? 'isolated: shared memory' : 'plain page: copies'})`, async () => {
      expect(hasChromium, `${CHROMIUM} is missing: CI must install Debian's chromium`).toBe(true);
      const { server, origin } = await serve(outDir, isolated);
      servers.push(server);
      const page = await browser!.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${origin}/index.html`);
      await page.waitForSelector('#result[data-state="done"], #result[data-state="error"]', {
        timeout: 60_000,
      });
      const state = await page.getAttribute('#result', 'data-state');
      const text = (await page.textContent('#result')) ?? '';
      await page.close();
      expect(state, text).toBe('done');
      expect(errors).toEqual([]);
      const got = JSON.parse(text);
      expect(got.isolated).toBe(isolated);
      expect(got.shared).toBe(isolated);
      expect(got.workers).toBe(2);
      const want = expected();
      expect(got.progress).toBe(want.results.length + 1);
      expect(got.failures).toEqual(['UNKNOWN_BODY']);
      // Within the page: the pool's answers are the page's sequential calls, bit for bit.
      expect(got.sameBits).toBe(true);
      expect(got.results.slice(0, -1)).toEqual(got.sequential);
      expect(got.distance).toEqual(got.sequentialDistance);
      // Against Node: the same statuses, the toi and the gaps to 1e-9. Not more: the two engines'
      // last bits differ, and where two facet pairs tie to the last bits the witnesses may differ too.
      want.results.forEach((w: { status: string; toi: number; distance: number }, i: number) => {
        const g = got.results[i];
        expect(g.status, `query ${i}`).toBe(w.status);
        expect(Math.abs(g.toi - w.toi), `query ${i} toi`).toBeLessThanOrEqual(1e-9);
        expect(Math.abs(g.distance - w.distance), `query ${i} distance`).toBeLessThanOrEqual(1e-9);
      });
      expect(Math.abs(got.distance.distance - want.distance.distance)).toBeLessThanOrEqual(1e-9);
      expect(want.results.some((r: { status: string }) => r.status === 'contact')).toBe(true);
    }, 90_000);
  }
});
