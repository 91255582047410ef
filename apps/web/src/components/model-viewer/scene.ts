/**
 * The three.js part of the viewer. Only the viewer's hook imports it, and only with a dynamic
 * import(), so three.js (with the glTF loader for preview meshes) is a chunk of its own that is
 * downloaded when a viewer is first shown.
 *
 * Frames are drawn on demand (after a camera move, a resize or a context restore), not in a
 * permanent loop: a model at rest costs no GPU time and no battery.
 */
import {
  Box3,
  BufferAttribute,
  BufferGeometry,
  DoubleSide,
  Mesh,
  MeshStandardMaterial,
  PCFShadowMap,
  PerspectiveCamera,
  Sphere,
  SRGBColorSpace,
  Vector3,
  WebGLRenderer,
} from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { fitDistance, groundPlacement, safeRadius, VIEW_DIRECTION, zoomLimits } from './camera-fit.ts';
import { boxCentre, type ModelData } from './mesh-data.ts';
import { createStudio } from './studio.ts';
import type { Showing } from './viewer-state.ts';
import { WebGLUnavailableError } from './webgl-error.ts';

// The preview mesh is read here, in the same chunk: its glTF loader and meshopt decoder are
// three.js code that only a viewer needs.
export { readPreviewMesh } from './preview-mesh.ts';

export type ViewerScene = {
  /** Back to the fitted view of the whole model. */
  reset(): void;
  /**
   * Puts another model of the same object in place of the one shown (the full model after the
   * preview). Both are in the file's millimetres, so the new one is drawn at the very same spot:
   * a camera the person moved stays where it is, and one they did not move is fitted to it.
   */
  replaceModel(model: ModelData, showing: Showing): void;
  /** Frees the GPU memory and the WebGL context, and removes the canvas and every listener. */
  dispose(): void;
};

export type ViewerSceneOptions = {
  /** The accessible name of the canvas, e.g. "3D model: gear.stl". */
  label: string;
  /** The id of the element that explains the mouse, touch and keyboard controls. */
  describedBy?: string;
  /** Told once a frame with a model given to the scene (at its creation or later) is drawn. */
  onDrawn?: (showing: Showing) => void;
};

const FIELD_OF_VIEW = 35; // degrees; a narrow lens distorts a product less than the usual 50-75
const FILAMENT = 0xe8743b; // a warm orange PLA
const MAX_PIXEL_RATIO = 2; // sharper than 2 is invisible on a phone, and 2.25-4x the pixels to fill
const KEY_ZOOM_STEP = 0.85; // each press of + or - moves 15 % closer or farther
const KEY_ROTATE_TURNS = 1 / 24; // 15 degrees per key press
const KEY_PAN_PIXELS = 40;

/**
 * Builds the scene for `model` (`showing` says which geometry it is, for `onDrawn`) and puts its
 * canvas into `container`. Resolves once the shaders
 * are compiled where the browser can do that in the background, so the first frame does not
 * freeze the page (the lit, shadowed material can take a second to compile on some systems).
 * Fails with WebGLUnavailableError when WebGL is missing.
 */
export async function createViewerScene(
  container: HTMLElement,
  model: ModelData,
  showing: Showing,
  { label, describedBy, onDrawn }: ViewerSceneOptions,
): Promise<ViewerScene> {
  const renderer = createRenderer();
  const canvas = renderer.domElement;

  const material = new MeshStandardMaterial({
    color: FILAMENT,
    roughness: 0.55,
    metalness: 0.05,
    // Not every model is closed or has its triangles wound outwards; show the inside rather than holes.
    side: DoubleSide,
  });
  const mesh = new Mesh(modelGeometry(model), material);
  mesh.castShadow = true;
  mesh.receiveShadow = true;
  // Model files are Z-up, three.js is Y-up: a quarter turn about X (a transform of the object, so
  // no vertex is touched), then centred over the origin and set down on the ground. A model put in
  // its place later keeps this transform (see replaceModel).
  mesh.rotation.x = -Math.PI / 2;
  mesh.position.set(...groundPlacement(model.boundingBox));
  mesh.updateMatrixWorld();

  let sphere = mesh.geometry.boundingSphere!.clone().applyMatrix4(mesh.matrixWorld);
  let radius = safeRadius(sphere.radius);
  // The lights, shadow and grid are sized once, to the first model: a later one of the same object
  // has (all but) the same size.
  const studio = createStudio(radius);
  studio.scene.add(mesh);
  const camera = new PerspectiveCamera(FIELD_OF_VIEW, 1, 0.1, 1000);

  const freeGpu = () => {
    mesh.geometry.dispose();
    material.dispose();
    studio.dispose();
    renderer.dispose();
    // Browsers allow only about 16 live WebGL contexts per page; give this one back right away
    // instead of waiting for garbage collection, so opening and closing the viewer never runs out.
    renderer.forceContextLoss();
    canvas.remove();
  };
  try {
    // Compiled in the background, where the browser can, while the page stays live. Without the
    // extension compileAsync() would only log a warning and compile at the first frame anyway.
    if (renderer.extensions.has('KHR_parallel_shader_compile')) {
      await renderer.compileAsync(studio.scene, camera);
    }
  } catch (error) {
    freeGpu();
    throw error;
  }

  // Focusable, and an "application" so screen readers hand the arrow keys to the controls.
  canvas.tabIndex = 0;
  canvas.setAttribute('role', 'application');
  canvas.setAttribute('aria-label', label);
  if (describedBy) canvas.setAttribute('aria-describedby', describedBy);
  canvas.style.display = 'block';
  canvas.style.width = '100%';
  canvas.style.height = '100%';
  canvas.style.touchAction = 'none';
  container.append(canvas);

  const controls = new OrbitControls(camera, canvas);
  controls.enableDamping = true;
  controls.dampingFactor = 0.15; // a short glide: responsive, and few frames drawn after a drag
  controls.listenToKeyEvents(canvas); // arrows pan, Shift/Ctrl + arrows rotate
  controls.keyPanSpeed = KEY_PAN_PIXELS; // the default 7 px takes dozens of presses to matter

  let frame = 0;
  let fitting = false;
  let movedByUser = false;
  /** The model given last, until a frame with it has been drawn. */
  let undrawn: Showing | null = showing;

  const render = () => {
    frame = 0;
    // With damping the camera keeps gliding after the pointer is released; update() then reports
    // a change, which asks for the next frame, until the motion has died out.
    controls.update();
    renderer.render(studio.scene, camera);
    if (undrawn !== null) {
      const drawn = undrawn;
      undrawn = null;
      onDrawn?.(drawn);
    }
  };
  const requestRender = () => {
    if (frame === 0) frame = requestAnimationFrame(render);
  };

  const fitView = () => {
    const distance = fitDistance(radius, FIELD_OF_VIEW, camera.aspect);
    const limits = zoomLimits(radius, distance);
    fitting = true;
    // Finish any damped glide at once, so the reset view is not carried away by leftover motion.
    controls.enableDamping = false;
    controls.update();
    controls.target.copy(sphere.center);
    camera.position.copy(sphere.center).addScaledVector(new Vector3(...VIEW_DIRECTION), distance);
    camera.near = limits.near;
    camera.far = limits.far;
    camera.updateProjectionMatrix();
    controls.minDistance = limits.minDistance;
    controls.maxDistance = limits.maxDistance;
    controls.update();
    controls.enableDamping = true;
    fitting = false;
    movedByUser = false;
    requestRender();
  };

  const onChange = () => {
    if (!fitting) movedByUser = true;
    requestRender();
  };
  controls.addEventListener('change', onChange);

  const resize = () => {
    const width = container.clientWidth;
    const height = container.clientHeight;
    if (width === 0 || height === 0) return; // hidden (display: none); keep the last size
    renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, MAX_PIXEL_RATIO));
    renderer.setSize(width, height, false);
    camera.aspect = width / height;
    camera.updateProjectionMatrix();
    // OrbitControls turns by 2π · keyRotateSpeed / height per key press; make that a fixed angle.
    controls.keyRotateSpeed = KEY_ROTATE_TURNS * height;
    // Until the person moves the camera, keep the whole model framed at the new proportions.
    if (movedByUser) requestRender();
    else fitView();
  };
  const resizeObserver = new ResizeObserver(resize);
  resizeObserver.observe(container);

  // OrbitControls has no zoom keys; + and - complete the keyboard controls.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === '+' || event.key === '=') controls.dollyIn(KEY_ZOOM_STEP);
    else if (event.key === '-' || event.key === '_') controls.dollyOut(KEY_ZOOM_STEP);
    else return;
    event.preventDefault();
  };
  canvas.addEventListener('keydown', onKeyDown);

  // three.js restores its GPU resources itself after a lost context comes back; draw again then.
  canvas.addEventListener('webglcontextrestored', requestRender);

  resize();

  return {
    reset: fitView,
    replaceModel(next, nextShowing) {
      mesh.geometry.dispose();
      mesh.geometry = modelGeometry(next);
      sphere = mesh.geometry.boundingSphere!.clone().applyMatrix4(mesh.matrixWorld);
      radius = safeRadius(sphere.radius);
      undrawn = nextShowing;
      if (movedByUser) requestRender();
      else fitView();
    },
    dispose() {
      if (frame !== 0) cancelAnimationFrame(frame);
      frame = 0;
      resizeObserver.disconnect();
      canvas.removeEventListener('keydown', onKeyDown);
      canvas.removeEventListener('webglcontextrestored', requestRender);
      controls.removeEventListener('change', onChange);
      controls.stopListenToKeyEvents();
      controls.dispose();
      freeGpu();
    },
  };
}

function createRenderer(): WebGLRenderer {
  let renderer: WebGLRenderer;
  try {
    renderer = new WebGLRenderer({ antialias: true, alpha: true });
  } catch {
    throw new WebGLUnavailableError();
  }
  renderer.setClearColor(0x000000, 0); // transparent: the viewer's CSS backdrop shows through
  renderer.outputColorSpace = SRGBColorSpace;
  renderer.shadowMap.enabled = true;
  renderer.shadowMap.type = PCFShadowMap;
  return renderer;
}

/**
 * The triangles as they came from the worker (or the preview reader): positions in the file's own
 * coordinates, flat normals, and bounds already measured, so nothing here loops over the vertices.
 */
function modelGeometry({ positions, normals, boundingBox, boundingRadius }: ModelData): BufferGeometry {
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(positions, 3));
  geometry.setAttribute('normal', new BufferAttribute(normals, 3));
  geometry.boundingBox = new Box3(new Vector3(...boundingBox.min), new Vector3(...boundingBox.max));
  geometry.boundingSphere = new Sphere(new Vector3(...boxCentre(boundingBox)), boundingRadius);
  return geometry;
}
