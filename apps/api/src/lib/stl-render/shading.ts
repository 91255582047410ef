import type { ViewBasis } from './view.ts';

/** sRGB colour, 0-255 per channel. */
export type Rgb = readonly [number, number, number];

/**
 * A studio setup fixed to the camera, so every azimuth gets the same look: a key light from the
 * upper left, a weaker fill from the right, a back light that outlines the far edges, a sky/ground
 * ambient (tops brighter than undersides) and a faint Fresnel-like rim on grazing faces.
 * Computed in linear light, then encoded to sRGB.
 */
const KEY = { right: -0.6, up: 0.6, toCamera: 0.6, strength: 0.8 };
const FILL = { right: 0.9, up: 0.2, toCamera: 0.35, strength: 0.16 };
const BACK = { right: 0.3, up: 0.6, toCamera: -0.75, strength: 0.3 };
const SKY = 0.24;
const GROUND = 0.05;
const SPECULAR = 0.2;
const SHININESS = 40;
const RIM = 0.22;

/** Face colours for triangles of one model under one view. */
export class FaceShader {
  readonly #albedo: [number, number, number];
  readonly #key: [number, number, number];
  readonly #fill: [number, number, number];
  readonly #back: [number, number, number];
  readonly #halfway: [number, number, number];
  readonly #toCamera: [number, number, number];

  constructor(basis: ViewBasis, colour: Rgb) {
    const fromView = (l: { right: number; up: number; toCamera: number }) =>
      normalize(
        [0, 1, 2].map(
          (i) => l.right * basis.right[i]! + l.up * basis.up[i]! + l.toCamera * basis.toCamera[i]!,
        ),
      );
    this.#albedo = [toLinear(colour[0]), toLinear(colour[1]), toLinear(colour[2])];
    this.#key = fromView(KEY);
    this.#fill = fromView(FILL);
    this.#back = fromView(BACK);
    this.#toCamera = [...basis.toCamera];
    this.#halfway = normalize(this.#key.map((k, i) => k + basis.toCamera[i]!));
  }

  /**
   * Linear RGB of triangle `t` into `out`. The normal comes from the vertex order (the normals
   * stored in STL files are often wrong or zero) and is turned towards the camera, so a mesh with
   * inverted or mixed winding is lit like a correct one.
   */
  shade(positions: Float32Array, t: number, out: Float64Array): void {
    const o = t * 9;
    const ax = positions[o]!;
    const ay = positions[o + 1]!;
    const az = positions[o + 2]!;
    const ux = positions[o + 3]! - ax;
    const uy = positions[o + 4]! - ay;
    const uz = positions[o + 5]! - az;
    const vx = positions[o + 6]! - ax;
    const vy = positions[o + 7]! - ay;
    const vz = positions[o + 8]! - az;
    let nx = uy * vz - uz * vy;
    let ny = uz * vx - ux * vz;
    let nz = ux * vy - uy * vx;
    const length = Math.sqrt(nx * nx + ny * ny + nz * nz);
    if (!(length > 0) || length === Infinity) {
      // Only reachable for slivers that round to zero area in model space but not on screen.
      nx = this.#toCamera[0];
      ny = this.#toCamera[1];
      nz = this.#toCamera[2];
    } else {
      nx /= length;
      ny /= length;
      nz /= length;
    }
    const c = this.#toCamera;
    let facing = nx * c[0] + ny * c[1] + nz * c[2];
    if (facing < 0) {
      nx = -nx;
      ny = -ny;
      nz = -nz;
      facing = -facing;
    }
    const k = this.#key;
    const f = this.#fill;
    const b = this.#back;
    const h = this.#halfway;
    const key = Math.max(0, nx * k[0] + ny * k[1] + nz * k[2]);
    const fill = Math.max(0, nx * f[0] + ny * f[1] + nz * f[2]);
    const back = Math.max(0, nx * b[0] + ny * b[1] + nz * b[2]);
    // Z is up in model space: faces pointing up see the sky, faces pointing down the floor.
    const ambient = GROUND + (SKY - GROUND) * (0.5 + 0.5 * nz);
    const diffuse = ambient + KEY.strength * key + FILL.strength * fill + BACK.strength * back;
    // Below 0.85 the highlight is under 0.2 % of its peak: skip the pow, most faces land there.
    const alignment = nx * h[0] + ny * h[1] + nz * h[2];
    const highlight = key > 0 && alignment > 0.85 ? SPECULAR * alignment ** SHININESS : 0;
    const grazing = 1 - facing;
    const rim = RIM * grazing * grazing * grazing;
    const a = this.#albedo;
    out[0] = rollOff(a[0] * diffuse + highlight + rim);
    out[1] = rollOff(a[1] * diffuse + highlight + rim);
    out[2] = rollOff(a[2] * diffuse + highlight + rim);
  }
}

/** sRGB byte to linear light. */
export function toLinear(byte: number): number {
  const c = Math.min(255, Math.max(0, byte)) / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

const ENCODE_STEPS = 4096;
/**
 * Linear light (0-1) to an sRGB byte by table: an exact pow per pixel would be the slowest part of
 * the resolve.
 */
const ENCODE = (() => {
  const table = new Uint8Array(ENCODE_STEPS + 1);
  for (let i = 0; i <= ENCODE_STEPS; i++) {
    const linear = i / ENCODE_STEPS;
    const c = linear <= 0.0031308 ? linear * 12.92 : 1.055 * linear ** (1 / 2.4) - 0.055;
    table[i] = Math.round(Math.min(1, Math.max(0, c)) * 255);
  }
  return table;
})();

/** Encodes linear light to an sRGB byte; values outside 0-1 clip. */
export function toSrgbByte(linear: number): number {
  if (!(linear > 0)) return 0;
  return ENCODE[Math.round(Math.min(1, linear) * ENCODE_STEPS)]!;
}

const SHOULDER = 0.8;

/** Lit values above 0.8 approach 1 softly instead of clipping, so highlights keep a shape. */
function rollOff(v: number): number {
  return v > SHOULDER ? SHOULDER + (1 - SHOULDER) * (1 - Math.exp(-(v - SHOULDER) / (1 - SHOULDER))) : v;
}

function normalize(v: number[]): [number, number, number] {
  const length = Math.hypot(v[0]!, v[1]!, v[2]!) || 1;
  return [v[0]! / length, v[1]! / length, v[2]! / length];
}
