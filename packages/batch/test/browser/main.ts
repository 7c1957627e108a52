// The page of browser.test.ts: a BatchPool of two web workers (the package as a bundler ships it)
// answers a batch, and the answers go into the page as JSON for the test to compare with Node's.

import { timeOfImpact } from '@firsttouch/ccd';
import { box, icosphere, surfaceDistance } from '@firsttouch/mesh';
import { identityPose, poseFromAxisAngle } from '@firsttouch/pose';
import { BatchPool, isBatchFailure } from '../../dist/index.js';
import { motions } from './queries.js';

declare const document: {
  getElementById(id: string): { textContent: string | null; dataset: Record<string, string> } | null;
};
declare const crossOriginIsolated: boolean | undefined;

async function run(): Promise<void> {
  const out = document.getElementById('result');
  if (out === null) return;
  try {
    const pool = new BatchPool({ workers: 2 });
    const ball = icosphere(0.5, 2);
    const brick = box([0.6, 0.3, 0.2], 2);
    const a = pool.add(ball);
    const b = pool.add(brick);
    const still = [identityPose(), identityPose()] as const;
    const queries = motions().map((m) => ({ a, b, motion: { a: still, b: m } }));
    queries.push({ a, b: 99, motion: queries[0].motion });
    let progress = 0;
    const results = await pool.timeOfImpact(queries, {
      chunkSize: 5,
      onProgress: (p) => {
        progress = p.done;
      },
    });
    const poseB = poseFromAxisAngle([0, 0, 1], 0.4, [1.2, 0, 0]);
    const distances = await pool.distance([{ a, b, poseB }]);
    await pool.close();
    // The same calls on this page's thread: the pool's answers must be these, bit for bit.
    const sequential = motions().map((m) => timeOfImpact(ball, brick, { a: still, b: m }));
    const distance = surfaceDistance(ball, brick, { poseB });
    const plain = (r: unknown) =>
      JSON.parse(
        JSON.stringify(r, (_, v) =>
          ArrayBuffer.isView(v) ? Array.from(v as unknown as ArrayLike<number>) : v,
        ),
      );
    out.textContent = JSON.stringify({
      shared: pool.shared,
      isolated: typeof crossOriginIsolated === 'boolean' ? crossOriginIsolated : null,
      workers: pool.workers,
      progress,
      failures: results.filter(isBatchFailure).map((f) => f.error.code),
      results: results.map(plain),
      distance: plain(distances[0]),
      sequential: sequential.map(plain),
      sequentialDistance: plain(distance),
      // −0 would print as 0: counted here, where the numbers are still numbers
      sameBits:
        results.slice(0, -1).every((r, i) => sameBits(r, sequential[i])) && sameBits(distances[0], distance),
    });
    out.dataset.state = 'done';
  } catch (e) {
    out.textContent = String(e instanceof Error ? (e.stack ?? e.message) : e);
    out.dataset.state = 'error';
  }
}

/** Every number equal by Object.is (−0 and NaN included), typed arrays element by element. */
function sameBits(got: unknown, want: unknown): boolean {
  if (typeof want === 'number') return Object.is(got, want);
  if (typeof want !== 'object' || want === null) return got === want;
  if (typeof got !== 'object' || got === null) return false;
  const keys = Object.keys(want);
  if (Object.keys(got).length !== keys.length) return false;
  return keys.every((k) =>
    sameBits((got as Record<string, unknown>)[k], (want as Record<string, unknown>)[k]),
  );
}

void run();
