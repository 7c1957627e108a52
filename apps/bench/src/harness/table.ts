import { formatExtra, formatNumber } from './format.js';
import { type Row, ratioOf } from './scene.js';

/**
 * A Markdown table with aligned columns, so the same text reads well in a terminal and pastes into
 * the README unchanged. `right[i]` right-aligns column i (numbers).
 */
export function markdownTable(
  header: readonly string[],
  rows: readonly string[][],
  right: readonly boolean[],
): string {
  // A pipe inside a cell would end the cell in Markdown.
  const body = rows.map((r) => r.map((c) => c.replace(/\|/g, '\\|')));
  const width = header.map((h, i) => Math.max(h.length, ...body.map((r) => r[i].length)));
  const pad = (s: string, i: number) => (right[i] ? s.padStart(width[i]) : s.padEnd(width[i]));
  const line = (cells: readonly string[]) => `| ${cells.map(pad).join(' | ')} |`;
  const rule = line(width.map((w, i) => (right[i] ? `${'-'.repeat(w - 1)}:` : '-'.repeat(w))));
  return [line(header), rule, ...body.map(line)].join('\n');
}

/** The benchmark table: scene, case, both times, the ratio peer/firsttouch and the counters. */
export function resultTable(rows: readonly Row[]): string {
  const header = [
    'scene',
    'case',
    'firsttouch µs/query',
    'peer',
    'peer µs/query',
    'peer / firsttouch',
    'notes',
  ];
  const cells = rows.map((r) => [
    r.scene,
    r.case,
    formatNumber(r.firsttouch),
    r.peer,
    formatNumber(r.peerTime),
    formatNumber(ratioOf(r)),
    Object.entries(r.extra)
      .map(([k, v]) => `${k} ${formatExtra(v)}`)
      .join('; '),
  ]);
  return markdownTable(header, cells, [false, false, true, false, true, true, false]);
}
