import type { MeshBuilder, Vec3 } from './mesh.ts';
import { cross, dot, normalize, scale, sub } from './vector.ts';

/**
 * A round tube along a path with flat end caps. Cross-sections are oriented by rotation-minimising
 * frames (double reflection, Wang et al. 2008): Frenet frames flip at inflections and would twist
 * the tube into a knot of crossing faces.
 */
export function sweepTube(mesh: MeshBuilder, path: Vec3[], radius: number, sides: number): void {
  const tangents = path.map((_, i) =>
    normalize(sub(path[Math.min(i + 1, path.length - 1)]!, path[Math.max(i - 1, 0)]!)),
  );
  const first = tangents[0]!;
  const helper: Vec3 = Math.abs(first[2]) < 0.9 ? [0, 0, 1] : [1, 0, 0];
  let normal = normalize(cross(cross(first, helper), first));
  const rings: number[][] = [];

  path.forEach((point, i) => {
    const tangent = tangents[i]!;
    if (i > 0) normal = transportNormal(path[i - 1]!, point, tangents[i - 1]!, tangent, normal);
    // With binormal = tangent x normal, (normal, binormal, tangent) is right-handed, so rings that
    // advance in angle and along the path wind counter-clockwise from outside.
    const binormal = cross(tangent, normal);
    rings.push(
      Array.from({ length: sides }, (_, j) => {
        const angle = (2 * Math.PI * j) / sides;
        const c = Math.cos(angle) * radius;
        const s = Math.sin(angle) * radius;
        return mesh.vertex(
          point[0] + normal[0] * c + binormal[0] * s,
          point[1] + normal[1] * c + binormal[1] * s,
          point[2] + normal[2] * c + binormal[2] * s,
        );
      }),
    );
  });

  for (let i = 0; i + 1 < rings.length; i++) {
    for (let j = 0; j < sides; j++) {
      const next = (j + 1) % sides;
      mesh.quad(rings[i]![j]!, rings[i]![next]!, rings[i + 1]![next]!, rings[i + 1]![j]!);
    }
  }
  const start = path[0]!;
  const end = path[path.length - 1]!;
  const startCentre = mesh.vertex(...start);
  const endCentre = mesh.vertex(...end);
  const firstRing = rings[0]!;
  const lastRing = rings[rings.length - 1]!;
  for (let j = 0; j < sides; j++) {
    const next = (j + 1) % sides;
    mesh.triangle(startCentre, firstRing[next]!, firstRing[j]!);
    mesh.triangle(endCentre, lastRing[j]!, lastRing[next]!);
  }
}

function transportNormal(from: Vec3, to: Vec3, fromTangent: Vec3, toTangent: Vec3, normal: Vec3): Vec3 {
  const v1 = sub(to, from);
  const c1 = dot(v1, v1);
  if (c1 === 0) return normal;
  const rL = sub(normal, scale(v1, (2 / c1) * dot(v1, normal)));
  const tL = sub(fromTangent, scale(v1, (2 / c1) * dot(v1, fromTangent)));
  const v2 = sub(toTangent, tL);
  const c2 = dot(v2, v2);
  if (c2 === 0) return normalize(rL);
  return normalize(sub(rL, scale(v2, (2 / c2) * dot(v2, rL))));
}
