/**
 * The WebGL context could not be created: no GPU, blocklisted drivers or WebGL turned off. Kept
 * out of scene.ts so the light part of the viewer can recognise it without loading three.js.
 */
export class WebGLUnavailableError extends Error {
  constructor() {
    super('Your browser could not start 3D graphics (WebGL).');
    this.name = 'WebGLUnavailableError';
  }
}
