import { buildFloorShadow, type FloorShadow, sampleShadow } from './floor-shadow.ts';
import { FaceShader, type Rgb, toLinear, toSrgbByte } from './shading.ts';
import { createDepthTarget, rasterizeTriangles } from './triangle-raster.ts';
import {
  fitProjection,
  measureExtents,
  type Projection,
  unproject,
  type ViewBasis,
  viewBasis,
} from './view.ts';

export type { Rgb } from './shading.ts';
/** sRGB colour and alpha, 0-255 per channel. */
export type Rgba = readonly [number, number, number, number];

export type RasterOptions = {
  width: number;
  height: number;
  /** A solid background (alpha 0 for a transparent one). Default: a light studio backdrop. */
  background?: Rgba;
  /** The model's colour. */
  colour?: Rgb;
  /** Around Z, 0 looking at the front (from -Y), positive turning the camera to the right. */
  azimuthDeg?: number;
  /** Above the bed. */
  elevationDeg?: number;
  /** Samples per pixel along each axis for anti-aliasing, 1 to 4. */
  supersample?: number;
  /** A soft shadow on the floor under the model. */
  shadow?: boolean;
  /** Empty border around the model, as a share of the picture's shorter side. */
  margin?: number;
};

/** A three-quarter view from the front right, a little from above: how a product is photographed. */
export const DEFAULT_VIEW = { azimuthDeg: 45, elevationDeg: 30 } as const;
/** A light grey-blue: reads as printed plastic and keeps shading visible on a light page. */
export const DEFAULT_COLOUR: Rgb = [150, 168, 204];
/** Largest picture we render, and the most samples (pixels x supersampling) one render may use. */
export const MAX_SIDE = 4096;
const MAX_SAMPLES = 4096 * 4096;
const BACKDROP_TOP: Rgb = [250, 251, 252];
const BACKDROP_BOTTOM: Rgb = [226, 229, 234];

/**
 * Renders triangles (9 floats each: x, y, z of three vertices, millimetres, Z up) to RGBA pixels,
 * `width * height * 4` bytes, rows top to bottom. The camera frames whatever is there; triangles
 * with non-finite coordinates are ignored and an empty input gives the background.
 */
export function rasterize(positions: Float32Array, options: RasterOptions): Uint8ClampedArray {
  const { width, height } = options;
  assertRenderSize(width, height);
  const supersample = pickSupersample(options.supersample ?? 2, width, height);
  const basis = viewBasis({
    azimuthDeg: finiteOr(options.azimuthDeg, DEFAULT_VIEW.azimuthDeg),
    elevationDeg: finiteOr(options.elevationDeg, DEFAULT_VIEW.elevationDeg),
  });
  const margin = Math.min(0.4, Math.max(0, finiteOr(options.margin, 0.1)));

  const sw = width * supersample;
  const sh = height * supersample;
  const extents = measureExtents(positions, basis);
  const projection = fitProjection(basis, extents, sw, sh, margin);
  const target = createDepthTarget(sw, sh);
  rasterizeTriangles(positions, projection.matrix, target);

  const shadow = options.shadow === false ? null : buildFloorShadow(positions, extents);
  const floor = shadow ? floorMapping(shadow, projection, basis, sw, sh) : null;
  return resolve({
    positions,
    triangle: target.triangle,
    width,
    height,
    supersample,
    shader: new FaceShader(basis, options.colour ?? DEFAULT_COLOUR),
    backdrop: backdropRows(options.background, sh),
    shadow,
    floor,
  });
}

/** Throws a RangeError unless both sides are whole numbers from 1 to MAX_SIDE. */
export function assertRenderSize(width: number, height: number): void {
  for (const [name, value] of [
    ['width', width],
    ['height', height],
  ] as const) {
    if (!Number.isInteger(value) || value < 1 || value > MAX_SIDE) {
      throw new RangeError(`${name} must be a whole number from 1 to ${MAX_SIDE}, not ${value}`);
    }
  }
}

/** The asked supersampling, lowered when the sample grid would exceed MAX_SAMPLES. */
function pickSupersample(asked: number, width: number, height: number): number {
  let factor = Math.min(4, Math.max(1, Math.round(finiteOr(asked, 2))));
  while (factor > 1 && width * height * factor * factor > MAX_SAMPLES) factor--;
  return factor;
}

function finiteOr(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isFinite(value) ? value : fallback;
}

/**
 * Premultiplied linear colour and alpha of the background, per sample row: either the solid colour
 * asked for or a vertical gradient (lighter at the top, like a studio sweep).
 */
function backdropRows(background: Rgba | undefined, rows: number): Float64Array {
  const out = new Float64Array(rows * 4);
  for (let y = 0; y < rows; y++) {
    const t = rows > 1 ? y / (rows - 1) : 0;
    const alpha = background ? Math.min(255, Math.max(0, background[3])) / 255 : 1;
    for (let c = 0; c < 3; c++) {
      const linear = background
        ? toLinear(background[c]!)
        : toLinear(BACKDROP_TOP[c]!) * (1 - t) + toLinear(BACKDROP_BOTTOM[c]!) * t;
      out[y * 4 + c] = linear * alpha;
    }
    out[y * 4 + 3] = alpha;
  }
  return out;
}

/** Floor-grid position of a screen sample, affine in the sample's position: gx = a x + b y + c. */
type FloorMapping = { gx: [number, number, number]; gy: [number, number, number] };

/**
 * Where the view ray through a sample meets the floor, in shadow-grid cells. The camera looks
 * down along -toCamera; a camera at or below the floor sees no shadow.
 */
function floorMapping(
  shadow: FloorShadow,
  projection: Projection,
  basis: ViewBasis,
  width: number,
  height: number,
): FloorMapping | null {
  const cz = basis.toCamera[2];
  if (cz < 0.05) return null;
  const onFloor = (x: number, y: number) => {
    const p = unproject(projection, basis, width, height, x, y);
    const t = (shadow.floorZ - p[2]) / cz;
    return [
      (p[0] + t * basis.toCamera[0] - shadow.originX) / shadow.cell,
      (p[1] + t * basis.toCamera[1] - shadow.originY) / shadow.cell,
    ] as const;
  };
  const o = onFloor(0, 0);
  const dx = onFloor(1, 0);
  const dy = onFloor(0, 1);
  return {
    gx: [dx[0] - o[0], dy[0] - o[0], o[0]],
    gy: [dx[1] - o[1], dy[1] - o[1], o[1]],
  };
}

type ResolveInput = {
  positions: Float32Array;
  triangle: Int32Array;
  width: number;
  height: number;
  supersample: number;
  shader: FaceShader;
  backdrop: Float64Array;
  shadow: FloorShadow | null;
  floor: FloorMapping | null;
};

/**
 * Shades every sample (model: its triangle's colour; elsewhere: backdrop darkened by the floor
 * shadow), averages each pixel's samples in premultiplied linear light and encodes to sRGB.
 */
function resolve(input: ResolveInput): Uint8ClampedArray {
  const { positions, triangle, width, height, supersample: ss, shader, backdrop, shadow, floor } = input;
  const out = new Uint8ClampedArray(width * height * 4);
  const sw = width * ss;
  const perPixel = 1 / (ss * ss);
  const colour = new Float64Array(3);
  // Neighbouring samples often show the same triangle: shade it once.
  let shaded = -1;
  for (let py = 0; py < height; py++) {
    for (let px = 0; px < width; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = py * ss; sy < py * ss + ss; sy++) {
        const row = sy * 4;
        for (let sx = px * ss; sx < px * ss + ss; sx++) {
          const t = triangle[sy * sw + sx]!;
          if (t >= 0) {
            if (t !== shaded) {
              shader.shade(positions, t, colour);
              shaded = t;
            }
            r += colour[0]!;
            g += colour[1]!;
            b += colour[2]!;
            a += 1;
            continue;
          }
          // Backdrop with the shadow composited over it as black of alpha `dark`.
          const dark =
            shadow && floor
              ? sampleShadow(
                  shadow,
                  floor.gx[0] * (sx + 0.5) + floor.gx[1] * (sy + 0.5) + floor.gx[2],
                  floor.gy[0] * (sx + 0.5) + floor.gy[1] * (sy + 0.5) + floor.gy[2],
                )
              : 0;
          const keep = 1 - dark;
          r += backdrop[row]! * keep;
          g += backdrop[row + 1]! * keep;
          b += backdrop[row + 2]! * keep;
          a += dark + backdrop[row + 3]! * keep;
        }
      }
      const o = (py * width + px) * 4;
      a *= perPixel;
      if (a > 0) {
        // Unpremultiply: colour of the covered part, alpha says how much is covered.
        const unpremultiply = perPixel / a;
        out[o] = toSrgbByte(r * unpremultiply);
        out[o + 1] = toSrgbByte(g * unpremultiply);
        out[o + 2] = toSrgbByte(b * unpremultiply);
      }
      out[o + 3] = Math.round(a * 255);
    }
  }
  return out;
}
