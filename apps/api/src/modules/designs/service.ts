import type { DesignSort } from '@printmarket/shared/constants';
import type { DesignListResponse } from '@printmarket/shared/types';
import { toDesignCard } from './present.ts';
import type { DesignsRepo } from './repo.ts';

export class DesignsService {
  constructor(private readonly repo: DesignsRepo) {}

  async list(sort: DesignSort, page: number, limit: number): Promise<DesignListResponse> {
    const [rows, total] = await Promise.all([
      this.repo.listPage(sort, limit, (page - 1) * limit),
      this.repo.count(),
    ]);
    const images = await this.repo.cardImages(rows.map((r) => r.id));
    const byDesign = new Map<string, typeof images>();
    for (const image of images)
      byDesign.set(image.design_id, [...(byDesign.get(image.design_id) ?? []), image]);
    return {
      designs: rows.map((row) => toDesignCard(row, byDesign.get(row.id) ?? [])),
      totalPages: Math.ceil(total / limit),
      page,
      total,
    };
  }
}
