import { boundingBox, type Mesh, type Vec3 } from './mesh.ts';
import { cross, dot, normalize, sub, vertexAt } from './vector.ts';

export type View = {
  width: number;
  height: number;
  /** Degrees around Z from +X, and above the bed. */
  azimuth: number;
  elevation: number;
  /** Share of the picture the model may fill, and where its centre goes (fractions of the size). */
  fill: number;
  centre: [number, number];
};

export type Camera = {
  width: number;
  height: number;
  eye: Vec3;
  /** Pixel position and distance along the view direction. */
  project(p: Vec3): { x: number; y: number; depth: number };
  /** Towards the key light, and a weaker fill light. */
  key: Vec3;
  fill: Vec3;
};

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** A perspective camera aimed at the mesh and framed so it fills `view.fill` of the picture. */
export function frameMesh(mesh: Mesh, view: View): Camera {
  const { min, max } = boundingBox(mesh);
  const target: Vec3 = [(min[0] + max[0]) / 2, (min[1] + max[1]) / 2, (min[2] + max[2]) / 2];
  const radius = Math.hypot(max[0] - min[0], max[1] - min[1], max[2] - min[2]) / 2;
  const elevation = radians(view.elevation);
  const azimuth = radians(view.azimuth);
  // Far enough for a long lens: gentle perspective, like a product shot.
  const distance = radius * 3.2;
  const eye: Vec3 = [
    target[0] + distance * Math.cos(elevation) * Math.cos(azimuth),
    target[1] + distance * Math.cos(elevation) * Math.sin(azimuth),
    target[2] + distance * Math.sin(elevation),
  ];
  const forward = normalize(sub(target, eye));
  const right = normalize(cross(forward, [0, 0, 1]));
  const up = cross(right, forward);
  const lens = (p: Vec3) => {
    const d = sub(p, eye);
    const depth = dot(d, forward);
    return { x: dot(d, right) / depth, y: -dot(d, up) / depth, depth };
  };

  let left = Number.POSITIVE_INFINITY;
  let rightmost = Number.NEGATIVE_INFINITY;
  let top = Number.POSITIVE_INFINITY;
  let bottom = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < mesh.positions.length / 3; i++) {
    const { x, y } = lens(vertexAt(mesh.positions, i));
    left = Math.min(left, x);
    rightmost = Math.max(rightmost, x);
    top = Math.min(top, y);
    bottom = Math.max(bottom, y);
  }
  const zoom = Math.min(
    (view.width * view.fill) / (rightmost - left),
    (view.height * view.fill) / (bottom - top),
  );
  const offsetX = view.width * view.centre[0] - ((left + rightmost) / 2) * zoom;
  const offsetY = view.height * view.centre[1] - ((top + bottom) / 2) * zoom;

  return {
    width: view.width,
    height: view.height,
    eye,
    project: (p) => {
      const s = lens(p);
      return { x: s.x * zoom + offsetX, y: s.y * zoom + offsetY, depth: s.depth };
    },
    // Key light over the camera's left shoulder, so shadows fall back and to the right.
    key: normalize([Math.cos(azimuth + radians(50)), Math.sin(azimuth + radians(50)), 1.5]),
    fill: normalize([Math.cos(azimuth - radians(70)), Math.sin(azimuth - radians(70)), 0.4]),
  };
}
