import type { MeshBuilder } from './mesh.ts';

/**
 * Surface of a solid made of unit cubes: one quad wherever a filled cell meets an empty one.
 * Corners are shared through an index grid, so the surface is closed as long as no two filled
 * cells touch along an edge only (the caller's shape guarantees that).
 */
export function voxelSurface(
  mesh: MeshBuilder,
  options: { cells: number; cellSize: number; filled: (x: number, y: number, z: number) => boolean },
): void {
  const { cells: n, cellSize, filled } = options;
  const inside = (x: number, y: number, z: number) =>
    x >= 0 && y >= 0 && z >= 0 && x < n && y < n && z < n && filled(x, y, z);
  const corners = new Int32Array((n + 1) ** 3).fill(-1);
  const corner = (x: number, y: number, z: number) => {
    const key = x + (n + 1) * (y + (n + 1) * z);
    if (corners[key] === -1) corners[key] = mesh.vertex(x * cellSize, y * cellSize, z * cellSize);
    return corners[key]!;
  };

  for (let z = 0; z < n; z++) {
    for (let y = 0; y < n; y++) {
      for (let x = 0; x < n; x++) {
        if (!filled(x, y, z)) continue;
        for (let axis = 0; axis < 3; axis++) {
          // (axis, b, c) is a cyclic order of (x, y, z), so e_b x e_c points along +axis.
          const b = (axis + 1) % 3;
          const c = (axis + 2) % 3;
          for (const side of [1, -1]) {
            const step = (a: number) => (a === axis ? side : 0);
            if (inside(x + step(0), y + step(1), z + step(2))) continue;
            const face = side > 0 ? 1 : 0;
            const at = (db: number, dc: number) => {
              const offset = (a: number) => (a === axis ? face : a === b ? db : a === c ? dc : 0);
              return corner(x + offset(0), y + offset(1), z + offset(2));
            };
            if (side > 0) mesh.quad(at(0, 0), at(1, 0), at(1, 1), at(0, 1));
            else mesh.quad(at(0, 0), at(0, 1), at(1, 1), at(1, 0));
          }
        }
      }
    }
  }
}
