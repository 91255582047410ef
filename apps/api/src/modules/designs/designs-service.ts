import type { DesignSort } from '@printmarket/shared/constants';
import type { DesignListResponse } from '@printmarket/shared/types';
import { SharedReads } from '../../lib/shared-reads.ts';
import type { DesignsRepo } from './designs-repo.ts';
import { toDesignCard } from './present-card.ts';

export class DesignsService {
  /** Listings being read right now, by sort, page and size. */
  readonly #reads = new SharedReads<DesignListResponse>();

  constructor(private readonly repo: DesignsRepo) {}

  /**
   * A page of the home listing. Everyone asking for the same page at the same moment (the first
   * page of the home screen, above all) shares one database read: the answer is as fresh as a
   * read started during their request, and a burst of visitors costs one query, not hundreds.
   */
  list(sort: DesignSort, page: number, limit: number): Promise<DesignListResponse> {
    return this.#reads.read(`${sort}:${page}:${limit}`, () => this.#read(sort, page, limit));
  }

  async #read(sort: DesignSort, page: number, limit: number): Promise<DesignListResponse> {
    const { rows, total } = await this.repo.listPage(sort, limit, (page - 1) * limit);
    return {
      designs: rows.map((row) => toDesignCard(row, row.images)),
      totalPages: Math.ceil(total / limit),
      page,
      total,
    };
  }
}
