import type { MeshBuilder } from './mesh.ts';

/**
 * A point of a profile in the (radius, height) half-plane. `tag` lets a shape treat some points
 * differently, e.g. texture the outer wall of a knob but not its base.
 */
export type ProfilePoint = {
  r: number;
  z: number;
  tag?: string;
  /** The run from the previous point is flat and gains nothing from extra rings. */
  plain?: boolean;
};

export type RevolveOptions = {
  /** Points around the axis; more makes rounder surfaces. */
  segments: number;
  /**
   * Open profiles start and end on the axis (r = 0), becoming single pole vertices: solids like a
   * ball or a vase. Closed profiles are loops away from the axis: rings like a torus or a gear.
   */
  closed: boolean;
  /** Radius at an angle for a profile point; defaults to the profile's own radius. */
  radiusAt?: (theta: number, point: ProfilePoint) => number;
  /** Height at an angle for a profile point; defaults to the profile's own height. */
  heightAt?: (theta: number, point: ProfilePoint) => number;
  /** Extra rotation at a height, for twisted shapes. */
  twistAt?: (z: number) => number;
};

/**
 * Sweeps a profile around the Z axis into a closed surface. The profile must run counter-clockwise
 * in the (r, z) plane with the solid on its left (outward along the bottom, up the outside), which
 * makes every face wind counter-clockwise from outside.
 */
export function revolve(mesh: MeshBuilder, profile: ProfilePoint[], options: RevolveOptions): void {
  const { segments, closed } = options;
  const { radiusAt = (_, point) => point.r, heightAt = (_, point) => point.z, twistAt = () => 0 } = options;
  const rings: number[][] = profile.map((point, k) => {
    const isPole = !closed && (k === 0 || k === profile.length - 1);
    if (isPole) return [mesh.vertex(0, 0, point.z)];
    const twist = twistAt(point.z);
    return Array.from({ length: segments }, (_, j) => {
      const theta = (2 * Math.PI * j) / segments;
      const r = radiusAt(theta, point);
      return mesh.vertex(r * Math.cos(theta + twist), r * Math.sin(theta + twist), heightAt(theta, point));
    });
  });

  const ringPairs = closed ? rings.length : rings.length - 1;
  for (let k = 0; k < ringPairs; k++) {
    const lower = rings[k]!;
    const upper = rings[(k + 1) % rings.length]!;
    for (let j = 0; j < segments; j++) {
      const next = (j + 1) % segments;
      if (lower.length === 1) mesh.triangle(lower[0]!, upper[next]!, upper[j]!);
      else if (upper.length === 1) mesh.triangle(lower[j]!, lower[next]!, upper[0]!);
      else mesh.quad(lower[j]!, lower[next]!, upper[next]!, upper[j]!);
    }
  }
}

/** Splits long straight runs of a profile so it carries enough rings for the wanted detail. */
export function subdivideProfile(profile: ProfilePoint[], maxStep: number): ProfilePoint[] {
  const out: ProfilePoint[] = [];
  profile.forEach((point, k) => {
    const next = profile[k + 1];
    out.push(point);
    if (!next || next.plain) return;
    const steps = Math.ceil(Math.hypot(next.r - point.r, next.z - point.z) / maxStep);
    for (let s = 1; s < steps; s++) {
      const t = s / steps;
      out.push({
        r: point.r + (next.r - point.r) * t,
        z: point.z + (next.z - point.z) * t,
        tag: point.tag === next.tag ? point.tag : undefined,
      });
    }
  });
  return out;
}

/** Total length of a profile, to spread a ring budget over it. */
export function profileLength(profile: ProfilePoint[]): number {
  let length = 0;
  for (let k = 1; k < profile.length; k++) {
    length += Math.hypot(profile[k]!.r - profile[k - 1]!.r, profile[k]!.z - profile[k - 1]!.z);
  }
  return length;
}
