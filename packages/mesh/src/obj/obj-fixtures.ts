/**
 * OBJ files for the tests, written as exporters write them, and helpers to read them whole or in
 * parts. A triangle is 9 numbers, as in stl-fixtures.ts.
 */
import { MeshAnalyzer } from '../analyzer.ts';
import type { MeshAnalysis } from '../mesh-analysis.ts';
import { MeshRejectedError, type MeshRejection } from '../mesh-errors.ts';
import type { Triangle } from '../stl/stl-fixtures.ts';
import { boxCornersAndSides } from '../test-fixtures.ts';

/** How a face corner is written: the vertex alone, or with texture and/or normal numbers. */
export type CornerForm = 'v' | 'v/vt' | 'v//vn' | 'v/vt/vn';
export const CORNER_FORMS: CornerForm[] = ['v', 'v/vt', 'v//vn', 'v/vt/vn'];

export type ObjOptions = {
  newline?: string;
  form?: CornerForm;
  /** Corners counted back from the last vertex defined (-1 the last) rather than from the first (1). */
  relative?: boolean;
};

/** The bytes of text whose characters are all below U+0100 (what the tests write). */
export const latin1 = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

/**
 * `text` with each `from` replaced by its `to`, in turn: fails the test when a `from` is not in the
 * text exactly once, so that no edit silently does nothing.
 */
export function edit(text: string, ...replacements: [from: string, to: string][]): string {
  return replacements.reduce((edited, [from, to]) => {
    const at = edited.indexOf(from);
    if (at < 0 || edited.indexOf(from, at + 1) >= 0) throw new Error(`not exactly one "${from}" in the text`);
    return edited.slice(0, at) + to + edited.slice(at + from.length);
  }, text);
}

/** A coordinate as the shortest text that reads back as the same float32, -0 included. */
export const coordinate = (value: number) => (Object.is(value, -0) ? '-0' : String(Math.fround(value)));

/**
 * The 10 x 20 x 30 box of stl-fixtures.ts as an OBJ exporter writes it: 8 shared vertices and 6
 * quads with the same corners in the same order, so that the fan (0, 1, 2), (0, 2, 3) of each
 * quad gives exactly the two triangles the STL fixture writes for that side.
 */
export function boxObj(x: number, y: number, z: number, options: ObjOptions = {}): Uint8Array {
  const { corners, sides } = boxCornersAndSides(x, y, z);
  return objFile(corners, sides, options);
}

/** Vertices, then faces as lists of 0-based vertex indices. */
export function objFile(vertices: number[][], faces: number[][], options: ObjOptions = {}): Uint8Array {
  const form = options.form ?? 'v';
  const lines = vertices.map((v) => `v ${v.map(coordinate).join(' ')}`);
  // The texture coordinate and normal every corner names, when its form names one.
  if (form.includes('vt')) lines.push('vt 0.5 0.5');
  if (form.includes('vn')) lines.push('vn 0 0 1');
  for (const face of faces) {
    const corners = face.map((k) => corner(options.relative ? k - vertices.length : k + 1, form));
    lines.push(`f ${corners.join(' ')}`);
  }
  return text(lines, options);
}

/**
 * Every triangle with vertices of its own, as some exporters write meshes: all vertices first, or
 * (`relative`) each triangle's three just before it, named -3 -2 -1.
 */
export function triangleSoupObj(triangles: Triangle[], options: ObjOptions = {}): Uint8Array {
  const form = options.form ?? 'v';
  const vertexLines = (t: Triangle) =>
    [0, 3, 6].map(
      (k) =>
        `v ${t
          .slice(k, k + 3)
          .map(coordinate)
          .join(' ')}`,
    );
  const lines = ['vt 0 0', 'vn 0 0 1'];
  if (options.relative) {
    for (const t of triangles)
      lines.push(...vertexLines(t), `f ${[-3, -2, -1].map((k) => corner(k, form)).join(' ')}`);
  } else {
    lines.push(...triangles.flatMap(vertexLines));
    triangles.forEach((_, i) => {
      lines.push(`f ${[1, 2, 3].map((k) => corner(3 * i + k, form)).join(' ')}`);
    });
  }
  return text(lines, options);
}

function corner(vertex: number, form: CornerForm): string {
  return form.replace('vt', '1').replace('vn', '1').replace('v', String(vertex));
}

function text(lines: string[], options: ObjOptions): Uint8Array {
  const newline = options.newline ?? '\n';
  return latin1(lines.join(newline) + newline);
}

/** The analysis of an OBJ file fed in these parts, or the reason it is refused. */
export function objOutcome(parts: Uint8Array[]): MeshAnalysis | MeshRejection {
  const analyzer = new MeshAnalyzer('obj');
  try {
    for (const part of parts) analyzer.push(part);
    return analyzer.finish();
  } catch (err) {
    if (err instanceof MeshRejectedError) return err.reason;
    throw err;
  }
}

/** Why an OBJ file is refused; fails the test when it is not. */
export function objRejection(bytes: Uint8Array): MeshRejection {
  const outcome = objOutcome([bytes]);
  if (typeof outcome !== 'string') throw new Error('the file was accepted');
  return outcome;
}
