// The three.js scene: renderer, camera, orbit controls and lights. It renders on demand (after a
// change or a camera move), not in a loop: the page is a still picture most of the time, and a
// software WebGL (SwiftShader, as in CI) would otherwise burn a core.
import {
  AmbientLight,
  type Box3,
  Color,
  DirectionalLight,
  type Object3D,
  PerspectiveCamera,
  Scene,
  Vector3,
  WebGLRenderer,
} from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';

export class View3d {
  readonly scene = new Scene();
  readonly camera = new PerspectiveCamera(40, 1, 0.001, 1000);
  /** Undefined when the browser has no WebGL: the page still computes and shows the query. */
  readonly renderer: WebGLRenderer | undefined;
  readonly #controls: OrbitControls | undefined;
  #pending = false;

  constructor(container: HTMLElement) {
    this.scene.background = new Color(0xf4f5f7);
    this.scene.add(new AmbientLight(0xffffff, 1.2));
    const key = new DirectionalLight(0xffffff, 2.2);
    key.position.set(2, 3, 4);
    const rim = new DirectionalLight(0xffffff, 0.8);
    rim.position.set(-3, -1, -2);
    this.scene.add(key, rim);
    this.camera.position.set(0.4, 0.5, 2.2);
    try {
      // preserveDrawingBuffer: screenshots (and the test's) read the canvas after the frame is drawn.
      this.renderer = new WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
    } catch (error) {
      container.textContent = `No WebGL in this browser (${String(error)}): the query still runs.`;
      return;
    }
    this.renderer.setPixelRatio(window.devicePixelRatio);
    container.append(this.renderer.domElement);
    this.#controls = new OrbitControls(this.camera, this.renderer.domElement);
    this.#controls.addEventListener('change', () => this.requestRender());
    new ResizeObserver(() => this.#resize(container)).observe(container);
    this.#resize(container);
  }

  add(...objects: Object3D[]): void {
    this.scene.add(...objects);
    this.requestRender();
  }

  remove(...objects: Object3D[]): void {
    this.scene.remove(...objects);
    this.requestRender();
  }

  /**
   * Looks at `box` with all of it in view, from `from` (a direction out of the box's centre; by
   * default the front, a little above and to the right).
   */
  fit(box: Box3, from: Vector3 = new Vector3(0.35, 0.45, 1)): void {
    const centre = box.getCenter(new Vector3());
    const radius = Math.max(box.getSize(new Vector3()).length() / 2, 1e-6);
    const distance = radius / Math.sin(((this.camera.fov / 2) * Math.PI) / 180);
    const direction = from.clone().normalize();
    this.camera.position.copy(centre).addScaledVector(direction, distance);
    this.camera.near = distance / 1000;
    this.camera.far = distance * 10;
    this.camera.updateProjectionMatrix();
    this.#controls?.target.copy(centre);
    this.#controls?.update();
    this.requestRender();
  }

  /** Draws once at the next frame, however many changes ask for it before then. */
  requestRender(): void {
    if (!this.renderer || this.#pending) return;
    this.#pending = true;
    requestAnimationFrame(() => {
      this.#pending = false;
      this.renderer?.render(this.scene, this.camera);
    });
  }

  #resize(container: HTMLElement): void {
    const width = Math.max(container.clientWidth, 1);
    const height = Math.max(container.clientHeight, 1);
    this.renderer?.setSize(width, height);
    this.camera.aspect = width / height;
    this.camera.updateProjectionMatrix();
    this.requestRender();
  }
}
