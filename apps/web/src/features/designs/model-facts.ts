import { MESH_WARNING_MESSAGES, type MeshWarning, SIZE_HINT_MESSAGES } from '@printmarket/mesh/mesh-analysis';
import { formatDecimal, formatInteger, formatShortDate } from '@printmarket/shared/en-format';
import type { StlAnalysis } from '@printmarket/shared/types';
import { modelKindOf } from '@printmarket/shared/uploads';

/** One row of the model facts table. */
export type ModelFact = { label: string; value: string };

/** "120 x 80 x 45 mm": the model's bounding box, at most one decimal. */
export function formatDimensions([x, y, z]: [number, number, number]): string {
  return `${[x, y, z].map((n) => formatDecimal(n, 1)).join(' x ')} mm`;
}

/** Small volumes keep two decimals so a tiny part does not read "0 cm³". */
function formatMeasure(value: number, unit: string): string {
  return `${formatDecimal(value, Math.abs(value) < 10 ? 2 : 1)} ${unit}`;
}

export function formatClosed(closed: boolean | null): string {
  if (closed === null) return 'Not checked';
  return closed ? 'Closed (watertight)' : 'Not watertight';
}

const FORMAT_NAMES: Record<StlAnalysis['format'], string> = {
  binary: 'Binary STL',
  ascii: 'ASCII STL',
  '3mf': '3MF',
  obj: 'OBJ',
};

/** The format family a model is in, for the design's Format fact. */
const FAMILY: Record<StlAnalysis['format'], string> = {
  binary: 'STL',
  ascii: 'STL',
  '3mf': '3MF',
  obj: 'OBJ',
};

/**
 * The design's Format fact: "3D STL" (as the page always said) or, with other formats, every
 * family its models are in, e.g. "3D 3MF, STL". Models not analysed yet count as STL.
 */
export function formatFamilies(analyses: readonly (StlAnalysis | null | undefined)[]): string {
  const families = new Set(analyses.map((analysis) => (analysis ? FAMILY[analysis.format] : 'STL')));
  return `3D ${[...families].sort().join(', ') || 'STL'}`;
}

/**
 * What the analysis says about one model, in the order the page lists it. An open mesh encloses
 * no volume, so it has none (analyses stored before that rule still carry a number: not shown).
 */
export function modelFacts(analysis: StlAnalysis): ModelFact[] {
  const volume = analysis.closed === true && analysis.volumeCm3 !== null ? analysis.volumeCm3 : null;
  return [
    { label: 'Format', value: FORMAT_NAMES[analysis.format] },
    { label: 'Dimensions', value: formatDimensions(analysis.sizeMm) },
    { label: 'Triangles', value: formatInteger(analysis.triangles) },
    ...(volume === null ? [] : [{ label: 'Volume', value: formatMeasure(volume, 'cm³') }]),
    { label: 'Surface area', value: formatMeasure(analysis.areaCm2, 'cm²') },
    { label: 'Mesh', value: formatClosed(analysis.closed) },
  ];
}

/** The note on a model's size suggesting another unit, for everyone; null when its size is plausible. */
export function sizeNote(analysis: StlAnalysis): string | null {
  return analysis.sizeHint ? SIZE_HINT_MESSAGES[analysis.sizeHint] : null;
}

/** What the reader forgave in the file, for its owner (unknown codes from a newer server are skipped). */
export function readingWarnings(analysis: StlAnalysis): string[] {
  return (analysis.warnings ?? []).flatMap((code) =>
    code in MESH_WARNING_MESSAGES ? [MESH_WARNING_MESSAGES[code as MeshWarning]] : [],
  );
}

/** How a file list names a model: 'STL model', '3MF model', 'OBJ model', by its name's extension. */
export function modelLabel(name: string): string {
  return `${(modelKindOf(name) ?? 'stl').toUpperCase()} model`;
}

/** A file size for the file list: "512 B", "12.3 KB", "4.5 MB". */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${formatDecimal(bytes / 1024, 1)} KB`;
  if (bytes < 1024 ** 3) return `${formatDecimal(bytes / 1024 ** 2, 1)} MB`;
  return `${formatDecimal(bytes / 1024 ** 3, 1)} GB`;
}

/** "Mar 3, 2025"; an unreadable date shows nothing rather than "Invalid Date". */
export function formatDate(iso: string): string {
  const value = new Date(iso);
  return Number.isNaN(value.getTime()) ? '' : formatShortDate(value);
}
