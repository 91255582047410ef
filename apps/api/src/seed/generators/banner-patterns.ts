import { hex, mix, type Rgb } from './color.ts';
import type { Random } from './random.ts';

/** SVG bodies for profile banners; one style is picked per seed. */
export function bannerPattern(random: Random, colours: [Rgb, Rgb], width: number, height: number): string {
  const style = random.pick([layeredWaves, lowPoly, isometricBlocks]);
  return style(random, colours, width, height);
}

/** Stacked wavy bands, like the layer lines of a print seen from the side. */
function layeredWaves(random: Random, [from, to]: [Rgb, Rgb], width: number, height: number): string {
  const bands = random.int(6, 10);
  const waves = Array.from({ length: 3 }, () => ({
    length: random.range(250, 900),
    amplitude: random.range(8, 30),
    phase: random.range(0, 2 * Math.PI),
  }));
  const base = mix(from, [255, 255, 255], 0.25);
  const paths: string[] = [`<rect width="100%" height="100%" fill="${hex(base)}"/>`];
  for (let band = 0; band < bands; band++) {
    const level = (height * (band + 0.6)) / bands;
    const points: string[] = [];
    for (let x = 0; x <= width; x += 20) {
      const y = waves.reduce(
        (sum, w) => sum + w.amplitude * Math.sin((2 * Math.PI * x) / w.length + w.phase + band * 0.7),
        level,
      );
      points.push(`${x} ${y.toFixed(1)}`);
    }
    const colour = mix(from, to, (band + 1) / bands);
    paths.push(`<path d="M0 ${height}L${points.join('L')}L${width} ${height}Z" fill="${hex(colour)}"/>`);
  }
  return paths.join('');
}

/** A faceted low-poly surface shaded across the two colours. */
function lowPoly(random: Random, [from, to]: [Rgb, Rgb], width: number, height: number): string {
  const columns = 16;
  const rows = 6;
  const cellW = width / columns;
  const cellH = height / rows;
  const grid = Array.from({ length: rows + 1 }, (_, j) =>
    Array.from({ length: columns + 1 }, (_, i) => {
      // Border points stay on the edge so the facets cover the whole banner.
      const jitterX = i === 0 || i === columns ? 0 : random.range(-0.35, 0.35) * cellW;
      const jitterY = j === 0 || j === rows ? 0 : random.range(-0.35, 0.35) * cellH;
      return [i * cellW + jitterX, j * cellH + jitterY] as const;
    }),
  );
  const light = random.range(-0.5, 0.5);
  const polygons: string[] = [];
  const triangle = (
    a: readonly [number, number],
    b: readonly [number, number],
    c: readonly [number, number],
  ) => {
    const cx = (a[0] + b[0] + c[0]) / 3;
    const cy = (a[1] + b[1] + c[1]) / 3;
    const t = Math.min(1, Math.max(0, cx / width + (cy / height - 0.5) * light));
    const shadeBy = random.range(-0.08, 0.08);
    const colour = mix(mix(from, to, t), shadeBy > 0 ? [255, 255, 255] : [0, 0, 0], Math.abs(shadeBy));
    const fill = hex(colour);
    polygons.push(
      `<path d="M${a[0].toFixed(1)} ${a[1].toFixed(1)}L${b[0].toFixed(1)} ${b[1].toFixed(1)}L${c[0].toFixed(1)} ${c[1].toFixed(1)}Z" fill="${fill}" stroke="${fill}" stroke-width="1"/>`,
    );
  };
  for (let j = 0; j < rows; j++) {
    for (let i = 0; i < columns; i++) {
      const p00 = grid[j]![i]!;
      const p10 = grid[j]![i + 1]!;
      const p01 = grid[j + 1]![i]!;
      const p11 = grid[j + 1]![i + 1]!;
      if ((i + j) % 2 === 0) {
        triangle(p00, p10, p11);
        triangle(p00, p11, p01);
      } else {
        triangle(p00, p10, p01);
        triangle(p10, p11, p01);
      }
    }
  }
  return polygons.join('');
}

/** Isometric cubes (three shaded rhombi each), the classic tumbling-blocks tiling. */
function isometricBlocks(random: Random, [from, to]: [Rgb, Rgb], width: number, height: number): string {
  const edge = random.range(45, 75);
  const dx = edge * Math.sqrt(3);
  const dy = edge * 1.5;
  const parts: string[] = [`<rect width="100%" height="100%" fill="${hex(mix(from, to, 0.5))}"/>`];
  for (let row = -1; row * dy < height + edge; row++) {
    for (let col = -1; col * dx < width + dx; col++) {
      const cx = col * dx + (row % 2 === 0 ? 0 : dx / 2);
      const cy = row * dy;
      const base = mix(from, to, Math.min(1, Math.max(0, cx / width + random.range(-0.15, 0.15))));
      const half = dx / 2;
      const topFace = `M${cx} ${cy - edge}L${cx + half} ${cy - edge / 2}L${cx} ${cy}L${cx - half} ${cy - edge / 2}Z`;
      const leftFace = `M${cx - half} ${cy - edge / 2}L${cx} ${cy}L${cx} ${cy + edge}L${cx - half} ${cy + edge / 2}Z`;
      const rightFace = `M${cx + half} ${cy - edge / 2}L${cx + half} ${cy + edge / 2}L${cx} ${cy + edge}L${cx} ${cy}Z`;
      parts.push(
        `<path d="${topFace}" fill="${hex(mix(base, [255, 255, 255], 0.18))}"/>`,
        `<path d="${leftFace}" fill="${hex(base)}"/>`,
        `<path d="${rightFace}" fill="${hex(mix(base, [0, 0, 0], 0.16))}"/>`,
      );
    }
  }
  return parts.join('');
}
