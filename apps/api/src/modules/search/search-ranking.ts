/**
 * The order of search results: relevance tier first (higher is better), then popularity (views,
 * then newest, then id: the order of designs_popular_idx).
 *
 * Pages are assembled from the first `wanted` designs of each tier's set in popularity order. That
 * is enough: a design among the first `wanted` results is among the first `wanted` of the best set
 * it belongs to, because everything ahead of it in that set is also ahead of it in the results
 * (search-ranking.test.ts checks this against a plain sort of everything).
 */
export type RankedDesign = { id: string; tier: number; views: number; created_us: number };

export function compareRanked(a: RankedDesign, b: RankedDesign): number {
  return (
    b.tier - a.tier ||
    b.views - a.views ||
    b.created_us - a.created_us ||
    // uuids as lower-case text sort like PostgreSQL sorts the uuid values.
    (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)
  );
}

/** Collects designs found by several sets; a design found more than once keeps its best tier. */
export class RankedCollection {
  readonly #byId = new Map<string, RankedDesign>();

  add(design: RankedDesign): void {
    const known = this.#byId.get(design.id);
    if (!known || known.tier < design.tier) this.#byId.set(design.id, design);
  }

  /** How many designs were collected. */
  get size(): number {
    return this.#byId.size;
  }

  /** Results `offset` to `offset + limit` in ranking order. */
  page(offset: number, limit: number): RankedDesign[] {
    return [...this.#byId.values()].sort(compareRanked).slice(offset, offset + limit);
  }
}
