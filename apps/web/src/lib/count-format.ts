import { formatCompact, formatInteger } from '@printmarket/shared/en-format';

/** A counter that must fit a narrow card: "987", "9,876", then "12.3K", "4.5M". */
export function formatCount(value: number | null | undefined): string {
  const n = safeCount(value);
  return n < 10_000 ? formatInteger(n) : formatCompact(n);
}

/** The same counter in full words for screen readers and tooltips: "1 view", "9,876 views". */
export function countLabel(value: number | null | undefined, singular: string, plural: string): string {
  const n = safeCount(value);
  return `${formatInteger(n)} ${n === 1 ? singular : plural}`;
}

/** Missing or nonsense counts show as 0 (docs/product.md#home). */
function safeCount(value: number | null | undefined): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}
