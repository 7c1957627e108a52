// A long tree build can be followed and stopped (issue #28): onProgress every 32 768 elements placed
// and at the end, a signal checked at the same points; an aborted build keeps nothing.

import { FirstTouchError } from '@firsttouch/pose';
import { describe, expect, it } from 'vitest';
import { box, disc, icosphere } from '../src/index.js';

describe('tree({signal, onProgress})', () => {
  it('tells how many facets have their leaf, rising to all of them', { timeout: 60_000 }, () => {
    const s = icosphere(1, 6); // 81 920 facets
    const seen: number[] = [];
    const tree = s.tree({ onProgress: (p) => seen.push(p.done) });
    expect(seen.length).toBeGreaterThanOrEqual(3);
    expect(seen[seen.length - 1]).toBe(s.facetCount);
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThan(seen[i - 1]);
    // the same tree as a build without options
    const plain = icosphere(1, 6).tree();
    expect(Buffer.compare(Buffer.from(tree.order.buffer), Buffer.from(plain.order.buffer))).toBe(0);
    expect(Buffer.compare(Buffer.from(tree.boxes.buffer), Buffer.from(plain.boxes.buffer))).toBe(0);
    // built once: a second call tells nothing
    s.tree({ onProgress: () => seen.push(-1) });
    expect(seen).not.toContain(-1);
  });

  it('stops with ABORTED where the signal was aborted, and keeps nothing', { timeout: 60_000 }, () => {
    const s = icosphere(1, 6);
    const control = new AbortController();
    let calls = 0;
    const build = () =>
      s.tree({
        signal: control.signal,
        onProgress: (p) => {
          calls++;
          if (p.done >= 65536) control.abort();
        },
      });
    expect(build).toThrow(FirstTouchError);
    expect(calls).toBe(2);
    try {
      s.tree({ signal: control.signal });
    } catch (e) {
      expect((e as FirstTouchError).code).toBe('ABORTED');
      expect((e as Error).message).toMatch(/before it started: aborted/);
    }
    // nothing was kept: a build without the signal builds it whole
    expect(s.tree().elementCount).toBe(s.facetCount);
  });

  it('curves too; options are checked', () => {
    const seen: number[] = [];
    disc(1, 100_000).tree({ onProgress: (p) => seen.push(p.done) });
    expect(seen[seen.length - 1]).toBe(100_000);
    expect(() => box(1).tree({ signal: 'now' as never })).toThrow(/tree: signal must be an AbortSignal/);
    expect(() => box(1).tree(3 as never)).toThrow(/tree: options must be an object/);
  });
});
