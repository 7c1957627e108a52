// The pose editor: for each body, its pose at s = 0 and at s = 1 as axis, angle in degrees and
// translation. Built in code (28 fields) from one description, so the form and its reading agree.
import type { MotionSpec, PoseSpec, Vec3 } from './pose-spec.js';

const ROWS = [
  { key: 'a0', body: 'a', end: 0, label: 'A, s = 0' },
  { key: 'a1', body: 'a', end: 1, label: 'A, s = 1' },
  { key: 'b0', body: 'b', end: 0, label: 'B, s = 0' },
  { key: 'b1', body: 'b', end: 1, label: 'B, s = 1' },
] as const;
const FIELDS = ['ax', 'ay', 'az', 'deg', 'tx', 'ty', 'tz'] as const;
const HEADINGS = ['axis x', 'axis y', 'axis z', 'angle °', 't x', 't y', 't z'];

type Row = (typeof ROWS)[number];
type Field = (typeof FIELDS)[number];

export class PoseForm {
  readonly #inputs = new Map<string, HTMLInputElement>();

  constructor(container: HTMLElement) {
    const table = document.createElement('table');
    table.className = 'poses';
    const head = table.createTHead().insertRow();
    for (const text of ['', ...HEADINGS])
      head.append(Object.assign(document.createElement('th'), { textContent: text }));
    const body = table.createTBody();
    for (const row of ROWS) {
      const tr = body.insertRow();
      tr.append(Object.assign(document.createElement('th'), { textContent: row.label, scope: 'row' }));
      for (const field of FIELDS) {
        const input = document.createElement('input');
        Object.assign(input, { type: 'number', step: 'any', id: `pose-${row.key}-${field}`, required: true });
        input.setAttribute('aria-label', `${row.label}: ${HEADINGS[FIELDS.indexOf(field)]}`);
        this.#inputs.set(`${row.key}-${field}`, input);
        tr.insertCell().append(input);
      }
    }
    container.replaceChildren(table);
  }

  write(spec: MotionSpec): void {
    for (const row of ROWS) {
      const pose = spec[row.body][row.end];
      const values: Record<Field, number> = {
        ax: pose.axis[0],
        ay: pose.axis[1],
        az: pose.axis[2],
        deg: pose.angleDeg,
        tx: pose.t[0],
        ty: pose.t[1],
        tz: pose.t[2],
      };
      for (const field of FIELDS) this.#input(row, field).value = String(values[field]);
    }
  }

  /** The step as typed; throws an Error naming the first field that is not a finite number. */
  read(): MotionSpec {
    const pose = (row: Row): PoseSpec => {
      const n = (field: Field): number => {
        const input = this.#input(row, field);
        const value = input.value.trim() === '' ? Number.NaN : Number(input.value);
        if (!Number.isFinite(value)) {
          input.focus();
          throw new Error(`${input.getAttribute('aria-label')} is not a number`);
        }
        return value;
      };
      const axis: Vec3 = [n('ax'), n('ay'), n('az')];
      const t: Vec3 = [n('tx'), n('ty'), n('tz')];
      return { axis, angleDeg: n('deg'), t };
    };
    return { a: [pose(ROWS[0]), pose(ROWS[1])], b: [pose(ROWS[2]), pose(ROWS[3])] };
  }

  #input(row: Row, field: Field): HTMLInputElement {
    return this.#inputs.get(`${row.key}-${field}`)!;
  }
}
