// The slider over s. `step="any"` in the page lets it stand at the toi or at an iterate; the browser
// still keeps its value to about 15 digits, so the exact instant shown is kept here (and in
// `data-s`), and the bodies are drawn at that instant, not at the input's rounded value.
export class StepSlider {
  readonly #input: HTMLInputElement;
  readonly #label: HTMLElement;
  readonly #onChange: (s: number) => void;
  #value = 0;

  constructor(input: HTMLInputElement, label: HTMLElement, onChange: (s: number) => void) {
    this.#input = input;
    this.#label = label;
    this.#onChange = onChange;
    input.addEventListener('input', () => this.#changed(Number(input.value)));
  }

  /** The instant shown, exactly. */
  get value(): number {
    return this.#value;
  }

  set(s: number): void {
    this.#input.value = String(s);
    this.#changed(s);
  }

  #changed(s: number): void {
    this.#value = s;
    this.#input.dataset.s = String(s);
    this.#label.textContent = s.toFixed(6);
    this.#onChange(s);
  }
}
