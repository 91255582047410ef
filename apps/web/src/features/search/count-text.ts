import { formatInteger } from '@printmarket/shared/en-format';
import { SEARCH_MAX_RESULTS, type SearchResponse } from '@printmarket/shared/search';

/**
 * The line above the results. Past the cap the API's total is an estimate (docs/api.md#search):
 * it is shown rounded, as "About 7,900", or as "More than 480" when rounding would not say more.
 */
export function countText(data: Pick<SearchResponse, 'total' | 'capped' | 'approximate'>): string {
  const found = data.capped ? cappedText(data.total) : `${designs(data.total)} found.`;
  return data.approximate ? `${found} Includes similar spellings.` : found;
}

function cappedText(total: number): string {
  const rounded = Number(total.toPrecision(2));
  const how =
    rounded > SEARCH_MAX_RESULTS ? `About ${designs(rounded)}` : `More than ${designs(SEARCH_MAX_RESULTS)}`;
  return `${how} match; showing the best ${SEARCH_MAX_RESULTS}.`;
}

function designs(n: number): string {
  return `${formatInteger(n)} ${n === 1 ? 'design' : 'designs'}`;
}
