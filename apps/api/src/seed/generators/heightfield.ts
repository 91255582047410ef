import type { MeshBuilder } from './mesh.ts';

/**
 * A closed block whose top is a height map: the top grid, four walls down to z = 0 and a flat base.
 * `heightAt(u, v)` takes u, v in [0, 1] and returns millimetres above the bed (must be > 0).
 */
export function heightfieldBlock(
  mesh: MeshBuilder,
  options: { width: number; depth: number; cells: number; heightAt: (u: number, v: number) => number },
): void {
  const { width, depth, cells, heightAt } = options;
  const top: number[][] = [];
  for (let j = 0; j <= cells; j++) {
    const row: number[] = [];
    for (let i = 0; i <= cells; i++) {
      const u = i / cells;
      const v = j / cells;
      row.push(mesh.vertex((u - 0.5) * width, (v - 0.5) * depth, heightAt(u, v)));
    }
    top.push(row);
  }
  for (let j = 0; j < cells; j++) {
    for (let i = 0; i < cells; i++) {
      mesh.quad(top[j]![i]!, top[j]![i + 1]!, top[j + 1]![i + 1]!, top[j + 1]![i]!);
    }
  }

  // The rim of the top grid, counter-clockwise seen from above.
  const rim: number[] = [];
  for (let i = 0; i < cells; i++) rim.push(top[0]![i]!);
  for (let j = 0; j < cells; j++) rim.push(top[j]![cells]!);
  for (let i = cells; i > 0; i--) rim.push(top[cells]![i]!);
  for (let j = cells; j > 0; j--) rim.push(top[j]![0]!);

  const floor = rim.map((index) => {
    const [x, y] = mesh.position(index);
    return mesh.vertex(x, y, 0);
  });
  const centre = mesh.vertex(0, 0, 0);
  for (let k = 0; k < rim.length; k++) {
    const next = (k + 1) % rim.length;
    mesh.quad(floor[k]!, floor[next]!, rim[next]!, rim[k]!);
    // A fan is enough for the hidden underside and keeps the triangle budget for the terrain.
    mesh.triangle(centre, floor[next]!, floor[k]!);
  }
}
