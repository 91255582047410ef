import type { Camera } from './camera.ts';
import { hex, mix, type Rgb } from './color.ts';
import type { Mesh, Vec3 } from './mesh.ts';
import { faceNormals, smoothedCornerNormals } from './smooth-normals.ts';
import { dot, normalize, sub, vertexAt } from './vector.ts';

/**
 * A mesh as SVG: shaded triangles drawn far to near (painter's algorithm) and the shadow it casts
 * on the bed. Back faces are skipped; for closed meshes the rest sorts well enough at the few
 * thousand triangles a picture needs.
 */

export type Lighting = { colour: Rgb; dark: boolean };

export function modelSvg(mesh: Mesh, camera: Camera, lighting: Lighting): string {
  const { positions, triangles: t } = mesh;
  const onScreen = Array.from({ length: positions.length / 3 }, (_, i) =>
    camera.project(vertexAt(positions, i)),
  );
  const normals = faceNormals(mesh);
  const corners = smoothedCornerNormals(mesh, normals);
  const faces: { depth: number; svg: string }[] = [];
  for (let f = 0; f < t.length / 3; f++) {
    const [a, b, c] = [t[f * 3]!, t[f * 3 + 1]!, t[f * 3 + 2]!];
    const normal: Vec3 = [normals[f * 3]!, normals[f * 3 + 1]!, normals[f * 3 + 2]!];
    const pa = vertexAt(positions, a);
    const pb = vertexAt(positions, b);
    const pc = vertexAt(positions, c);
    const toEye = sub(camera.eye, [
      (pa[0] + pb[0] + pc[0]) / 3,
      (pa[1] + pb[1] + pc[1]) / 3,
      (pa[2] + pb[2] + pc[2]) / 3,
    ]);
    if (dot(normal, toEye) <= 0) continue;
    const n = f * 9;
    const smooth = normalize([
      corners[n]! + corners[n + 3]! + corners[n + 6]!,
      corners[n + 1]! + corners[n + 4]! + corners[n + 7]!,
      corners[n + 2]! + corners[n + 5]! + corners[n + 8]!,
    ]);
    const colour = hex(shade(smooth, normalize(toEye), camera, lighting));
    const [sa, sb, sc] = [onScreen[a]!, onScreen[b]!, onScreen[c]!];
    faces.push({
      depth: sa.depth + sb.depth + sc.depth,
      // A hairline stroke in the face's own colour hides anti-aliasing seams between neighbours.
      svg: `<path d="M${sa.x.toFixed(1)} ${sa.y.toFixed(1)}L${sb.x.toFixed(1)} ${sb.y.toFixed(1)}L${sc.x.toFixed(1)} ${sc.y.toFixed(1)}Z" fill="${colour}" stroke="${colour}"/>`,
    });
  }
  faces.sort((p, q) => q.depth - p.depth);
  return `<g stroke-width="0.9" stroke-linejoin="round">${faces.map((f) => f.svg).join('')}</g>`;
}

/**
 * The shadow on the bed (z = 0) under the key light, as one path. Only faces turned to the light
 * cast it; they all wind the same way once flattened, so the non-zero rule fills their union.
 */
export function shadowSvg(mesh: Mesh, camera: Camera, colour: Rgb): string {
  const { positions, triangles: t } = mesh;
  const { key } = camera;
  const onBed = Array.from({ length: positions.length / 3 }, (_, i) => {
    const [x, y, z] = vertexAt(positions, i);
    return camera.project([x - (key[0] * z) / key[2], y - (key[1] * z) / key[2], 0]);
  });
  const normals = faceNormals(mesh);
  const parts: string[] = [];
  for (let f = 0; f < t.length / 3; f++) {
    if (normals[f * 3]! * key[0] + normals[f * 3 + 1]! * key[1] + normals[f * 3 + 2]! * key[2] <= 0) continue;
    const [a, b, c] = [onBed[t[f * 3]!]!, onBed[t[f * 3 + 1]!]!, onBed[t[f * 3 + 2]!]!];
    parts.push(
      `M${a.x.toFixed(1)} ${a.y.toFixed(1)}L${b.x.toFixed(1)} ${b.y.toFixed(1)}L${c.x.toFixed(1)} ${c.y.toFixed(1)}Z`,
    );
  }
  return `<path d="${parts.join('')}" fill="${hex(colour)}"/>`;
}

/** Plastic: diffuse key and fill, a sky-bounce ambient, a tight highlight and a rim from behind. */
function shade(normal: Vec3, toEye: Vec3, camera: Camera, lighting: Lighting): Rgb {
  const { key, fill } = camera;
  const light =
    0.28 + 0.12 * normal[2] + 0.72 * Math.max(0, dot(normal, key)) + 0.22 * Math.max(0, dot(normal, fill));
  const halfway = normalize([key[0] + toEye[0], key[1] + toEye[1], key[2] + toEye[2]]);
  const specular = 0.35 * Math.max(0, dot(normal, halfway)) ** 40;
  const rim = (lighting.dark ? 0.35 : 0.18) * (1 - Math.max(0, dot(normal, toEye))) ** 3;
  const [r, g, b] = lighting.colour;
  return mix([r * light, g * light, b * light], [255, 255, 255], Math.min(1, specular + rim));
}
