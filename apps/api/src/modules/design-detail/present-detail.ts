import type { DesignTakedown } from '@printmarket/shared/admin';
import { centsToDollars } from '@printmarket/shared/money';
import type { DesignDetail, DesignDetailFile } from '@printmarket/shared/types';
import { publicImageUrl } from '../../lib/public-images.ts';
import type { DetailFileRow } from './design-detail-repo.ts';

export type DetailRow = {
  id: string;
  slug: string;
  name: string;
  description: string;
  category: string | null;
  tags: string[];
  settings: string;
  manufacturing_instructions: string;
  usages: string;
  is_paid: boolean;
  price_cents: number;
  views: number;
  likes_count: number;
  downloads: number;
  collection_id: string | null;
  created_at: Date;
  updated_at: Date;
  /** No longer shown or sold (its owner deleted the account); only its holders reach it. */
  archived: boolean;
  /** Taken down or its owner suspended: only its owner and operators reach it. */
  withheld: boolean;
  taken_down_at: Date | null;
  takedown_reason: string | null;
  takedown_reply: string | null;
  takedown_reply_at: Date | null;
  owner_id: string;
  owner_username: string;
  owner_picture_key: string | null;
  files: DetailFileRow[];
};

/** What the viewer may do and see, decided by the access policy before presenting. */
export type DetailPermissions = {
  hasLiked: boolean;
  canDownload: boolean;
  canViewModel: boolean;
  canEdit: boolean;
  canPurchase: boolean;
  /** The collection when the viewer may see it, else null. */
  collection: { id: string; name: string } | null;
  /** Whether the viewer is told of a takedown (its owner and operators, the only ones who see it). */
  seesTakedown: boolean;
};

/** The call that hands out a signed download link for a file (STL files are never public). */
export function fileDownloadCall(fileId: string): string {
  return `/api/designs/download/${fileId}`;
}

export function toDesignDetail(row: DetailRow, permissions: DetailPermissions): DesignDetail {
  const { collection, seesTakedown, ...rest } = permissions;
  return {
    _id: row.id,
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    category: row.category,
    tags: row.tags,
    settings: row.settings,
    manufacturingInstructions: row.manufacturing_instructions,
    usages: row.usages,
    isPaid: row.is_paid,
    price: centsToDollars(row.price_cents),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    views: row.views,
    likesCount: row.likes_count,
    downloads: row.downloads,
    user: {
      _id: row.owner_id,
      username: row.owner_username,
      profilePicture: publicImageUrl(row.owner_picture_key),
    },
    collectionId: collection ? collection.id : null,
    collection: collection ? { _id: collection.id, id: collection.id, name: collection.name } : null,
    files: row.files.map(toDetailFile),
    ...rest,
    takedown: seesTakedown ? toTakedown(row) : null,
  };
}

function toTakedown(row: DetailRow): DesignTakedown | null {
  if (!row.taken_down_at) return null;
  return {
    at: row.taken_down_at.toISOString(),
    reason: row.takedown_reason ?? '',
    reply:
      row.takedown_reply_at && row.takedown_reply !== null
        ? { at: row.takedown_reply_at.toISOString(), message: row.takedown_reply }
        : null,
  };
}

function toDetailFile(file: DetailFileRow): DesignDetailFile {
  const base = { _id: file.id, id: file.id, name: file.name, sizeBytes: Number(file.size_bytes) };
  if (file.kind === 'image') {
    return {
      ...base,
      type: 'image',
      url: publicImageUrl(file.storage_key) ?? '',
      cardUrl: publicImageUrl(file.card_key ?? file.storage_key) ?? '',
      mediumUrl: publicImageUrl(file.medium_key),
    };
  }
  return {
    ...base,
    type: 'stl',
    url: fileDownloadCall(file.id),
    analysis: file.analysis,
    previewUrl: publicImageUrl(file.preview_key),
    previewCardUrl: publicImageUrl(file.preview_card_key),
    previewMeshUrl: publicImageUrl(file.preview_mesh_key),
  };
}
