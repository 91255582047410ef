import { type Mesh, MeshBuilder } from './mesh.ts';
import {
  type ProfilePoint,
  profileLength,
  type RevolveOptions,
  revolve,
  subdivideProfile,
} from './revolve.ts';

/**
 * Builds a lathe profile from straight runs and arcs in the (radius, height) half-plane, with no
 * two points further apart than `step`.
 */
export class ProfilePath {
  private readonly points: ProfilePoint[] = [];

  constructor(private readonly step: number) {}

  to(r: number, z: number, tag?: string): this {
    return this.add({ r, z, tag });
  }

  /** A straight run that is never split into more rings: for flat faces, where rings add nothing. */
  plainTo(r: number, z: number, tag?: string): this {
    return this.add({ r, z, tag, plain: true });
  }

  private add(point: ProfilePoint): this {
    const last = this.points[this.points.length - 1];
    // Repeated points would make zero-area faces with no defined normal.
    if (!last || Math.abs(last.r - point.r) > 1e-9 || Math.abs(last.z - point.z) > 1e-9)
      this.points.push(point);
    return this;
  }

  /** An arc around (centreR, centreZ); angles in radians from the +r direction. */
  arc(centreR: number, centreZ: number, radius: number, from: number, to: number, tag?: string): this {
    const steps = Math.max(4, Math.ceil((Math.abs(to - from) * radius) / this.step));
    for (let i = 0; i <= steps; i++) {
      const angle = from + ((to - from) * i) / steps;
      this.to(centreR + radius * Math.cos(angle), centreZ + radius * Math.sin(angle), tag);
    }
    return this;
  }

  /** A curve r = radius(z) from z0 to z1 (either direction). */
  curve(radius: (z: number) => number, z0: number, z1: number, tag?: string): this {
    const steps = Math.max(4, Math.ceil(Math.abs(z1 - z0) / this.step));
    for (let i = 0; i <= steps; i++) {
      const z = z0 + ((z1 - z0) * i) / steps;
      this.to(radius(z), z, tag);
    }
    return this;
  }

  finish(): ProfilePoint[] {
    return Number.isFinite(this.step) ? subdivideProfile(this.points, this.step) : this.points;
  }
}

export type LatheOptions = Omit<RevolveOptions, 'segments'> & {
  /** Widest circumference of the shape, to balance rings against points per ring. */
  circumference: number;
  minSegments?: number;
  /** Segments are rounded to a multiple of this, so features like star tips land on a sample. */
  segmentMultiple?: number;
};

/**
 * Revolves the profile `buildProfile` draws, with ring spacing and points per ring chosen so about
 * `budget` triangles come out as roughly square faces.
 */
export function latheMesh(
  budget: number,
  buildProfile: (step: number) => ProfilePath,
  options: LatheOptions,
): Mesh {
  const { circumference, minSegments = 24, segmentMultiple = 1, ...revolveOptions } = options;
  const length = profileLength(buildProfile(Number.POSITIVE_INFINITY).finish());
  const along = Math.max(4, Math.sqrt((budget * length) / (2 * circumference)));
  const profile = buildProfile(length / along).finish();
  const wanted = Math.max(minSegments, budget / (2 * (profile.length - 1)));
  const segments = Math.max(segmentMultiple, Math.round(wanted / segmentMultiple) * segmentMultiple);
  const mesh = new MeshBuilder();
  revolve(mesh, profile, { ...revolveOptions, segments });
  return mesh.build();
}
