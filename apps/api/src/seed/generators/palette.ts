import { hsl, type Rgb } from './color.ts';
import type { Random } from './random.ts';

/** Filament colours people actually print with; saturated enough to read well on a small card. */
const FILAMENTS: readonly Rgb[] = [
  [255, 122, 26], // signal orange
  [230, 57, 70], // red
  [58, 134, 255], // sky blue
  [61, 200, 140], // mint
  [255, 200, 50], // lemon
  [224, 48, 159], // magenta
  [123, 44, 191], // purple
  [0, 166, 166], // teal
  [236, 236, 232], // white
  [66, 70, 80], // graphite
  [212, 167, 44], // silk gold
  [140, 198, 63], // lime
];

export type Scene = {
  filament: Rgb;
  /** Background gradient, top to bottom. */
  backdrop: [Rgb, Rgb];
  dark: boolean;
};

/** A filament colour and a backdrop that sets it off: a soft complementary tint, or a dark studio. */
export function pickScene(random: Random): Scene {
  const filament = random.pick(FILAMENTS);
  const hue = hueOf(filament) + 180 + random.range(-50, 50);
  // Very light and very dark filaments each need the opposite backdrop to stand out.
  const dark = isVeryLight(filament) || (!isVeryDark(filament) && random.next() < 0.25);
  const backdrop: [Rgb, Rgb] = dark
    ? [hsl(hue, 0.25, 0.24), hsl(hue + 20, 0.3, 0.1)]
    : [
        hsl(hue, random.range(0.35, 0.6), 0.9),
        hsl(hue + random.range(-30, 30), random.range(0.3, 0.55), 0.72),
      ];
  return { filament, backdrop, dark };
}

/** Two harmonious colours for avatars and banners. */
export function pickPair(random: Random): [Rgb, Rgb] {
  const hue = random.range(0, 360);
  // Neighbouring hues only: gradients between opposite hues pass through grey.
  const shift = random.pick([25, 40, 55, 70, -35, -50]);
  return [
    hsl(hue, random.range(0.5, 0.7), random.range(0.45, 0.58)),
    hsl(hue + shift, random.range(0.5, 0.75), 0.4),
  ];
}

function hueOf([r, g, b]: Rgb): number {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  if (max === min) return 210;
  const d = max - min;
  const h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return h * 60;
}

function isVeryLight([r, g, b]: Rgb): boolean {
  return Math.min(r, g, b) > 220;
}

function isVeryDark([r, g, b]: Rgb): boolean {
  return Math.max(r, g, b) < 80;
}
