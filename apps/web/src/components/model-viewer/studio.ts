/**
 * The surroundings of the model, like a product photo studio: soft light from the sky and the
 * floor, a key light that casts a soft shadow, a cooler fill light and a rim light from behind,
 * and a faint millimetre grid on the ground. The background itself is the viewer's CSS backdrop.
 */
import {
  DirectionalLight,
  GridHelper,
  HemisphereLight,
  Mesh,
  PlaneGeometry,
  Scene,
  ShadowMaterial,
} from 'three';
import { groundGrid } from './camera-fit.ts';

export type Studio = { scene: Scene; dispose(): void };

/** `radius` is the model's bounding sphere radius; the model stands on y = 0, centred on the origin. */
export function createStudio(radius: number): Studio {
  const scene = new Scene();
  const centre = { x: 0, y: radius * 0.5, z: 0 };

  const ambient = new HemisphereLight(0xffffff, 0x9a9caa, 1.4);
  scene.add(ambient);

  const key = new DirectionalLight(0xffffff, 2.2);
  key.position.set(radius * 2, radius * 4, radius * 3);
  key.target.position.set(centre.x, centre.y, centre.z);
  key.castShadow = true;
  // The shadow camera just encloses the model, so the shadow map's pixels are spent on it.
  const shadowCamera = key.shadow.camera;
  shadowCamera.left = -radius * 1.6;
  shadowCamera.right = radius * 1.6;
  shadowCamera.top = radius * 1.6;
  shadowCamera.bottom = -radius * 1.6;
  shadowCamera.near = radius * 0.5;
  shadowCamera.far = radius * 12;
  key.shadow.mapSize.set(1024, 1024);
  key.shadow.radius = 4;
  key.shadow.bias = -0.0005;
  key.shadow.normalBias = radius * 0.01;
  scene.add(key, key.target);

  const fill = new DirectionalLight(0xdfe7ff, 0.9);
  fill.position.set(-radius * 3, radius * 1.5, radius * 1);
  const rim = new DirectionalLight(0xffffff, 0.8);
  rim.position.set(0, radius * 2, -radius * 4);
  scene.add(fill, rim);

  const grid = groundGrid(radius);
  const shadowCatcher = new Mesh(
    new PlaneGeometry(grid.size, grid.size).rotateX(-Math.PI / 2),
    new ShadowMaterial({ opacity: 0.18 }),
  );
  shadowCatcher.receiveShadow = true;
  scene.add(shadowCatcher);

  const gridLines = new GridHelper(grid.size, grid.cells, 0xa4a9b8, 0xc9cdd8);
  gridLines.material.transparent = true;
  gridLines.material.opacity = 0.55;
  gridLines.material.depthWrite = false;
  // Lifted a hair above the shadow catcher so the two never fight over the same depth.
  gridLines.position.y = radius * 0.001;
  scene.add(gridLines);

  return {
    scene,
    dispose() {
      shadowCatcher.geometry.dispose();
      shadowCatcher.material.dispose();
      gridLines.geometry.dispose();
      gridLines.material.dispose();
      // A light's dispose() frees its shadow map.
      for (const light of [ambient, key, fill, rim]) light.dispose();
      scene.clear();
    },
  };
}
