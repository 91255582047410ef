import sharp from 'sharp';
import { escapeXml } from '../../lib/escape-xml.ts';
import { bannerPattern } from './banner-patterns.ts';
import { type Camera, frameMesh } from './camera.ts';
import { hex, luminance, mix, type Rgb } from './color.ts';
import type { Mesh } from './mesh.ts';
import { modelSvg, shadowSvg } from './mesh-svg.ts';
import { pickPair, pickScene, type Scene } from './palette.ts';
import { createRandom } from './random.ts';
import { buildModelMesh, type ModelKind } from './stl-models.ts';

/**
 * Demo pictures: a product shot of each generated model, and profile avatars and banners. They are
 * the first thing a visitor sees on a fresh install, so they aim to look like real listings.
 */

/** At 1200 px high: enough triangles for smooth curves while the SVG stays quick to rasterise. */
const PHOTO_DETAIL = 0.34;
/** The shadow is blurred anyway: the coarsest model and a quarter-size raster are enough. */
const SHADOW_DETAIL = 0;
const SHADOW_SCALE = 4;
const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";

export type PhotoOptions = {
  /** Colours, backdrop and camera angle. */
  seed: number;
  title: string;
  kind: ModelKind;
  /** The seed the design's STL was generated with, so the photo shows that model; defaults to `seed`. */
  modelSeed?: number;
  width?: number;
  height?: number;
};

const svgDocument = (width: number, height: number, body: string) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`,
  );

/**
 * A studio shot of `generateModel(kind, { seed: modelSeed })` on a soft backdrop. Several seeds
 * with one model seed show the same model in other colours and from other angles, which suits a
 * design's second and third photo.
 */
export async function generatePhoto({
  seed,
  title,
  kind,
  modelSeed = seed,
  width = 1600,
  height = 1200,
}: PhotoOptions): Promise<Buffer> {
  const random = createRandom(seed);
  const scene = pickScene(random);
  const unit = Math.min(width, height) / 1200;
  // Smaller pictures resolve proportionally fewer facets: scale the triangle count with the size.
  const detail = Math.max(0, PHOTO_DETAIL + Math.log(unit) / Math.log(100));
  const mesh = buildModelMesh(kind, { seed: modelSeed, detail });
  const camera = frameMesh(mesh, {
    width,
    height,
    azimuth: random.range(0, 360),
    elevation: random.range(18, 36),
    fill: random.range(0.56, 0.66),
    centre: [0.5, 0.5],
  });
  const model = modelSvg(mesh, camera, { colour: scene.filament, dark: scene.dark });
  const shadow = await shadowLayer(
    buildModelMesh(kind, { seed: modelSeed, detail: SHADOW_DETAIL }),
    camera,
    scene,
    unit,
  );
  return sharp(svgDocument(width, height, backdropSvg(scene)))
    .composite([
      { input: shadow },
      { input: svgDocument(width, height, model) },
      {
        input: svgDocument(
          width,
          height,
          vignetteSvg(scene) + titleTag(title, width, height, unit, scene.dark),
        ),
      },
    ])
    .png()
    .toBuffer();
}

function backdropSvg({ backdrop: [top, bottom], dark }: Scene): string {
  return `<defs>
  <linearGradient id="backdrop" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="${hex(top)}"/><stop offset="1" stop-color="${hex(bottom)}"/>
  </linearGradient>
  <radialGradient id="glow" cx="0.5" cy="0.42" r="0.55">
    <stop offset="0" stop-color="#ffffff" stop-opacity="${dark ? 0.16 : 0.5}"/>
    <stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
  </radialGradient>
</defs>
<rect width="100%" height="100%" fill="url(#backdrop)"/>
<rect width="100%" height="100%" fill="url(#glow)"/>`;
}

function vignetteSvg({ dark }: Scene): string {
  return `<defs><radialGradient id="vignette" cx="0.5" cy="0.5" r="0.75">
  <stop offset="0.6" stop-color="#000000" stop-opacity="0"/>
  <stop offset="1" stop-color="#000000" stop-opacity="${dark ? 0.45 : 0.16}"/>
</radialGradient></defs>
<rect width="100%" height="100%" fill="url(#vignette)"/>`;
}

/** The cast shadow, drawn small and blurred by sharp: far cheaper than an SVG blur at full size. */
async function shadowLayer(mesh: Mesh, camera: Camera, scene: Scene, unit: number): Promise<Buffer> {
  const { width, height } = camera;
  const colour = mix(scene.backdrop[1], [0, 0, 0], scene.dark ? 0.7 : 0.45);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${Math.ceil(width / SHADOW_SCALE)}" height="${Math.ceil(height / SHADOW_SCALE)}" viewBox="0 0 ${width} ${height}"><g opacity="${scene.dark ? 0.7 : 0.42}">${shadowSvg(mesh, camera, colour)}</g></svg>`;
  return sharp(Buffer.from(svg))
    .blur(Math.max(0.3, (14 * unit) / SHADOW_SCALE))
    .resize(width, height)
    .png()
    .toBuffer();
}

/** A small frosted label in the corner, as makers put on their listing shots. */
function titleTag(title: string, width: number, height: number, unit: number, dark: boolean): string {
  const text = title.length > 42 ? `${title.slice(0, 41).trimEnd()}…` : title;
  if (!text) return '';
  const size = 30 * unit;
  const padX = 22 * unit;
  // DejaVu Sans averages about 0.6 em per character: close enough to size the label.
  const labelWidth = Math.min(width * 0.9, text.length * size * 0.6 + padX * 2);
  const labelHeight = size * 1.9;
  const x = 40 * unit;
  const y = height - 40 * unit - labelHeight;
  return `<g>
  <rect x="${x}" y="${y}" width="${labelWidth.toFixed(1)}" height="${labelHeight.toFixed(1)}" rx="${(labelHeight / 2).toFixed(1)}" fill="${dark ? '#000000' : '#ffffff'}" fill-opacity="${dark ? 0.35 : 0.62}"/>
  <text x="${x + padX}" y="${(y + labelHeight * 0.66).toFixed(1)}" font-family="${FONT}" font-size="${size.toFixed(1)}" fill="${dark ? '#f4f4f4' : '#1f2430'}" textLength="${(labelWidth - padX * 2).toFixed(1)}" lengthAdjust="spacingAndGlyphs">${escapeXml(text)}</text>
</g>`;
}

/** A square avatar: initials on a two-colour gradient with a few soft shapes behind them. */
export async function generateAvatar({
  seed,
  initials,
}: {
  seed: number;
  initials: string;
}): Promise<Buffer> {
  const size = 512;
  const random = createRandom(seed);
  const [from, to] = pickPair(random);
  const letters = [...initials.trim().toUpperCase()].slice(0, 2).join('') || '?';
  const shapes = Array.from({ length: 4 }, () => {
    const r = random.range(60, 220);
    return `<circle cx="${random.range(0, size).toFixed(0)}" cy="${random.range(0, size).toFixed(0)}" r="${r.toFixed(0)}" fill="#ffffff" fill-opacity="${random.range(0.05, 0.14).toFixed(2)}"/>`;
  }).join('');
  const ink: Rgb = luminance(mix(from, to, 0.5)) > 0.5 ? [30, 34, 44] : [255, 255, 255];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
  <stop offset="0" stop-color="${hex(from)}"/><stop offset="1" stop-color="${hex(to)}"/>
</linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>
${shapes}
<text x="50%" y="50%" dy="0.35em" text-anchor="middle" font-family="${FONT}" font-weight="bold" font-size="${letters.length > 1 ? 200 : 240}" fill="${hex(ink)}" fill-opacity="0.95">${escapeXml(letters)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A 1500x500 profile banner with a generated pattern. */
export async function generateBanner({ seed }: { seed: number }): Promise<Buffer> {
  const width = 1500;
  const height = 500;
  const random = createRandom(seed);
  const colours = pickPair(random);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${bannerPattern(random, colours, width, height)}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
