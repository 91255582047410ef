import { formatDecimal, formatInteger, formatShortDate } from '@printmarket/shared/en-format';
import type { StlAnalysis } from '@printmarket/shared/types';

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

/** What the STL analysis says about one model, in the order the page lists it. */
export function modelFacts(analysis: StlAnalysis): ModelFact[] {
  return [
    { label: 'Dimensions', value: formatDimensions(analysis.sizeMm) },
    { label: 'Triangles', value: formatInteger(analysis.triangles) },
    { label: 'Volume', value: formatMeasure(analysis.volumeCm3, 'cm³') },
    { label: 'Surface area', value: formatMeasure(analysis.areaCm2, 'cm²') },
    { label: 'Mesh', value: formatClosed(analysis.closed) },
  ];
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
