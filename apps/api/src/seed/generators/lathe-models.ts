import { latheMesh, ProfilePath } from './lathe.ts';
import type { Mesh } from './mesh.ts';
import type { Random } from './random.ts';

/** Shapes turned around the Z axis. Each takes its proportions from `random` and aims at `budget` triangles. */

const TAU = 2 * Math.PI;
const smoothstep = (edge0: number, edge1: number, x: number) => {
  const t = Math.min(1, Math.max(0, (x - edge0) / (edge1 - edge0)));
  return t * t * (3 - 2 * t);
};

/** A ball with a flat base so it prints without supports, plain or grooved like a melon. */
export function ornamentBall(random: Random, budget: number): Mesh {
  const radius = random.range(18, 40);
  const baseZ = -radius * random.range(0.78, 0.9);
  const baseRadius = Math.sqrt(radius ** 2 - baseZ ** 2);
  const grooves = random.pick([0, 8, 12, 16, 24]);
  const grooveDepth = random.range(0.04, 0.08);
  // Narrow grooves between broad lobes: the dip is sharp only close to each groove line.
  const groove = (theta: number) =>
    grooves === 0 ? 0 : (1 - Math.abs(Math.sin((grooves * theta) / 2))) ** 4;
  return latheMesh(
    budget,
    (step) =>
      new ProfilePath(step)
        .to(0, baseZ)
        .plainTo(baseRadius, baseZ)
        .arc(0, 0, radius, Math.asin(baseZ / radius), Math.PI / 2),
    {
      closed: false,
      circumference: TAU * radius,
      minSegments: grooves * 8,
      segmentMultiple: Math.max(1, grooves),
      radiusAt: (theta, point) => point.r * (1 - grooveDepth * groove(theta)),
    },
  );
}

/** A ring with a round or flattened cross-section. */
export function torusRing(random: Random, budget: number): Mesh {
  const major = random.range(22, 42);
  const minor = major * random.range(0.22, 0.42);
  const flatten = random.pick([1, 1, 0.75, 0.6]);
  return latheMesh(
    budget,
    (step) => {
      const path = new ProfilePath(step);
      const steps = Math.max(12, Math.ceil((TAU * minor) / step));
      // Counter-clockwise and without repeating the first point: the loop closes by itself.
      for (let i = 0; i < steps; i++) {
        const phi = (TAU * i) / steps;
        path.to(major + minor * Math.cos(phi), minor * flatten * Math.sin(phi));
      }
      return path;
    },
    { closed: true, circumference: TAU * (major + minor) },
  );
}

/** A hollow vase with a wavy, twisting wall. */
export function twistedVase(random: Random, budget: number): Mesh {
  const height = random.range(90, 170);
  const radius = height * random.range(0.22, 0.32);
  const belly = random.range(0.1, 0.45);
  const narrowing = random.range(0, 0.3);
  const lip = random.range(0, 0.35);
  const lobes = random.int(3, 9);
  const waveDepth = random.range(0.04, 0.11);
  const twist = (TAU / lobes) * random.range(0.5, 2) * random.pick([1, -1]);
  const wall = 2;
  const floor = 2.5;
  const outer = (z: number) => {
    const t = z / height;
    return radius * (0.8 + belly * Math.sin(Math.PI * t) ** 1.5 - narrowing * t + lip * t ** 4);
  };
  return latheMesh(
    budget,
    (step) =>
      new ProfilePath(step)
        .to(0, 0)
        .curve(outer, 0, height)
        .curve((z) => outer(z) - wall, height, floor)
        .to(0, floor),
    {
      closed: false,
      circumference: TAU * radius * 1.4,
      minSegments: lobes * 16,
      radiusAt: (theta, point) => point.r * (1 + waveDepth * Math.cos(lobes * theta)),
      twistAt: (z) => (twist * z) / height,
    },
  );
}

/** A spur, helical or herringbone gear with a bore. */
export function gear(random: Random, budget: number): Mesh {
  const teeth = random.int(12, 30);
  const module = random.range(1.6, 3);
  const pitchRadius = (module * teeth) / 2;
  const rootRadius = pitchRadius - 1.25 * module;
  const tipRadius = pitchRadius + module;
  const bore = rootRadius * random.range(0.22, 0.4);
  const thickness = random.range(6, 14);
  const style = random.pick(['spur', 'helical', 'herringbone'] as const);
  const helix = style === 'spur' ? 0 : Math.tan(random.range(0.25, 0.45)) / pitchRadius;
  const toothHeight = (theta: number) => {
    // One tooth per period: root, flank, land, flank, root. Eased flanks give involute-like bulges.
    const u = ((theta * teeth) / TAU) % 1;
    return smoothstep(0.1, 0.36, u) * (1 - smoothstep(0.56, 0.82, u));
  };
  return latheMesh(
    budget,
    (step) =>
      new ProfilePath(step)
        .to(bore, 0)
        .plainTo(rootRadius, 0, 'teeth')
        .to(rootRadius, thickness, 'teeth')
        // The loop closes back down the bore on its own.
        .plainTo(bore, thickness),
    {
      closed: true,
      circumference: TAU * tipRadius,
      minSegments: teeth * 16,
      segmentMultiple: teeth,
      radiusAt: (theta, point) =>
        point.tag === 'teeth' ? rootRadius + (tipRadius - rootRadius) * toothHeight(theta) : point.r,
      twistAt: (z) => helix * (style === 'herringbone' ? Math.abs(z - thickness / 2) : z),
    },
  );
}

/** A chess rook: turned body with a crenellated crown. */
export function rook(random: Random, budget: number): Mesh {
  const r = random.range(12, 18);
  const h = r * random.range(3.2, 3.8);
  const merlons = random.pick([4, 5, 6]);
  const crownTop = h;
  const notchDepth = h * 0.07;
  const squishFrom = crownTop - notchDepth - h * 0.03;
  // Crown points above `squishFrom` are pulled down in the gaps between merlons, proportionally
  // to their height, so the notches never fold the wall through itself.
  const notch = (theta: number) => smoothstep(0.42, 0.58, 0.5 - 0.5 * Math.cos(merlons * theta));
  return latheMesh(
    budget,
    (step) =>
      new ProfilePath(step)
        .to(0, 0)
        .to(r, 0)
        .to(r, h * 0.06)
        .arc(r * 0.92, h * 0.09, h * 0.035, -Math.PI / 2, Math.PI / 2)
        .to(r * 0.8, h * 0.14)
        .arc(r * 0.78, h * 0.17, h * 0.03, -Math.PI / 2, Math.PI / 2)
        .curve((z) => r * (0.66 - 0.12 * ((z - h * 0.2) / (h * 0.46)) ** 0.8), h * 0.2, h * 0.66)
        .to(r * 0.78, h * 0.7)
        .to(r * 0.78, h * 0.73)
        .to(r * 0.62, h * 0.76)
        .to(r * 0.8, h * 0.8)
        .to(r * 0.8, crownTop)
        .to(r * 0.56, crownTop)
        .to(r * 0.56, h * 0.86)
        .to(0, h * 0.86),
    {
      closed: false,
      circumference: TAU * r,
      minSegments: merlons * 24,
      segmentMultiple: merlons * 2,
      heightAt: (theta, point) =>
        point.z <= squishFrom
          ? point.z
          : point.z - (notchDepth * notch(theta) * (point.z - squishFrom)) / (crownTop - squishFrom),
    },
  );
}

/** A control knob: knurled grip, chamfered domed top and a shaft bore from below. */
export function knurledKnob(random: Random, budget: number): Mesh {
  const radius = random.range(12, 24);
  const height = radius * random.range(0.8, 1.3);
  const bore = random.range(2.5, 3.5);
  const boreDepth = height * 0.6;
  const chamfer = 1.5;
  const capWidth = radius - chamfer;
  const sagitta = capWidth * random.range(0.08, 0.3);
  const sphere = (capWidth ** 2 + sagitta ** 2) / (2 * sagitta);
  const capBase = height + chamfer;
  const ridges = Math.round((TAU * radius) / random.range(1.6, 2.4));
  const pitch = (TAU * radius) / ridges;
  const depth = random.range(0.5, 0.9);
  const diamond = random.next() < 0.6;
  const triangleWave = (x: number) => 1 - 2 * Math.abs(x - Math.floor(x) - 0.5);
  const grip = (theta: number, z: number) => {
    const u = (theta * ridges) / TAU;
    const v = z / pitch;
    const relief = diamond ? Math.min(triangleWave(u + v), triangleWave(u - v)) : triangleWave(u);
    // Fades out at both ends of the band so the chamfers meet a plain circle.
    return relief * smoothstep(1, 3, z) * (1 - smoothstep(height - 2, height, z));
  };
  return latheMesh(
    budget,
    (step) =>
      new ProfilePath(step)
        .to(0, boreDepth)
        .to(bore, boreDepth)
        .to(bore, 0)
        .to(radius - 1, 0)
        .to(radius, 1, 'grip')
        .to(radius, height, 'grip')
        .arc(0, capBase + sagitta - sphere, sphere, Math.atan2(sphere - sagitta, capWidth), Math.PI / 2),
    {
      closed: false,
      circumference: TAU * radius,
      minSegments: ridges * 4,
      segmentMultiple: ridges,
      radiusAt: (theta, point) => (point.tag === 'grip' ? point.r - depth * grip(theta, point.z) : point.r),
    },
  );
}

/** A star-shaped box (open at the top) with straight-edged points and slightly flared walls. */
export function starBox(random: Random, budget: number): Mesh {
  const points = random.int(5, 8);
  const innerRatio = random.range(0.55, 0.72);
  const radius = random.range(30, 55);
  const height = radius * random.range(0.45, 0.9);
  const flare = random.range(1, 1.15);
  const wall = 2.4;
  const floor = 2.4;
  const outer = (z: number) => radius * (1 + ((flare - 1) * z) / height);
  return latheMesh(
    budget,
    (step) =>
      new ProfilePath(step)
        .to(0, 0)
        .curve(outer, 0, height)
        .curve((z) => outer(z) - wall / innerRatio, height, floor)
        .to(0, floor),
    {
      closed: false,
      circumference: TAU * radius,
      minSegments: points * 8,
      segmentMultiple: points * 2,
      radiusAt: (theta, point) => point.r * starRadius(theta, points, innerRatio),
    },
  );
}

/** Distance from the centre to the outline of a unit star (tips at 1) with straight edges. */
function starRadius(theta: number, points: number, innerRatio: number): number {
  const sector = Math.PI / points;
  let angle = theta % (2 * sector);
  if (angle > sector) angle = 2 * sector - angle;
  // Intersect the ray at `angle` with the edge from the tip (1, 0) to the valley at `sector`.
  const dx = innerRatio * Math.cos(sector) - 1;
  const dy = innerRatio * Math.sin(sector);
  return dy / (Math.cos(angle) * dy - Math.sin(angle) * dx);
}
