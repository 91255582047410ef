import type { DesignTakedown } from './admin.ts';
/**
 * Shapes of API answers (docs/product.md#entities). The API keeps the field names clients rely on
 * and adds a few (`id` beside `_id`, `likesCount`), see docs/api.md.
 */
import type { SocialLinks } from './auth.ts';

export type ApiError = { message: string; code: string };

export type UserStats = { designs: number; followers: number; following: number };

export type CurrentUser = {
  _id: string;
  id: string;
  username: string;
  name: string;
  email: string;
  bio: string;
  location: string;
  profilePicture: string | null;
  bannerImage: string | null;
  /** The banner at half size (750 x 250); null without a banner, or until the backfill made it. */
  bannerImageMedium: string | null;
  socialLinks: SocialLinks;
  lastUsernameChange: string | null;
  /** False until the person saved the setup-profile screen once. */
  profileCompleted: boolean;
  /** True once the person opened the link mailed to their address (Google accounts: at once). */
  emailVerified: boolean;
  /** An operator (trust and safety): may use /admin and the /api/admin calls. */
  isAdmin: boolean;
  createdAt: string;
};

export type AuthResponse = { token: string; user: CurrentUser };

/** Answer of `POST /api/auth/google/exchange`; `isNew`: the account was created by this sign-in. */
export type GoogleExchangeResponse = AuthResponse & { isNew: boolean };

export type DesignFile = { _id: string; name: string; type: 'image' | 'stl'; url: string };

export type DesignOwner = { _id: string; username: string; profilePicture: string | null };

export type DesignCard = {
  _id: string;
  id: string;
  slug: string;
  name: string;
  description: string;
  user: DesignOwner;
  createdAt: string;
  views: number;
  likesCount: number;
  downloads: number;
  isPaid: boolean;
  /** US dollars, as clients expect (docs/product.md#pricing-and-fees); the server keeps integer cents. */
  price: number;
  category: string | null;
  tags: string[];
  /** Preview images only (cards show images, never STL files). */
  files: DesignFile[];
  /** Operators took it down: only on the lists its owner sees of their own designs. */
  takenDown?: true;
};

export type DesignListResponse = { designs: DesignCard[]; totalPages: number; page: number; total: number };

export type PublicConfig = {
  googleEnabled: boolean;
  companyName: string;
  contactEmail: string;
  serverLocation: string;
  /** How payments are taken: the provider, the local test-mode sandbox, or not at all. */
  paymentsMode: 'stripe' | 'sandbox' | 'off';
};

/**
 * What the analyser found in a model file (sizes in millimetres). `format` is how the file was
 * written: binary or ASCII STL, 3MF or OBJ.
 */
export type StlAnalysis = {
  format: 'binary' | 'ascii' | '3mf' | 'obj';
  triangles: number;
  sizeMm: [number, number, number];
  /** Null when the mesh is not closed (it then encloses no volume we could name). */
  volumeCm3: number | null;
  areaCm2: number;
  /** Whether every edge is shared by exactly two triangles; null when not checked. */
  closed: boolean | null;
  /**
   * What the reader forgave in the file (e.g. 'header-count-wrong'), for its owner; absent from
   * analyses stored before warnings existed. Texts: MESH_WARNING_MESSAGES in @printmarket/mesh.
   */
  warnings?: string[];
  /** 'tiny' or 'huge' when the size suggests another unit than millimetres (SIZE_HINT_MESSAGES). */
  sizeHint?: 'tiny' | 'huge' | null;
};

/**
 * A file as the design page shows it. Images are public: `url` is the gallery size (1600 x 1200 at
 * most), `mediumUrl` the same picture at half that (null for photos stored before the medium size
 * existed, until the backfill made it), `cardUrl` the card size (a 4:3 crop). STL files are not:
 * `url` names the call that hands out a signed download link, and the rendered previews (public
 * images) stand in for them on pages.
 */
export type DesignDetailFile = {
  _id: string;
  id: string;
  name: string;
  type: 'image' | 'stl';
  url: string;
  sizeBytes: number;
  cardUrl?: string;
  mediumUrl?: string | null;
  analysis?: StlAnalysis | null;
  previewUrl?: string | null;
  previewCardUrl?: string | null;
  /**
   * Model files: the public preview mesh (a simplified, quantized glTF binary of at most 50,000
   * triangles) anyone may look at in 3D, paid designs included; null until the background job
   * made it.
   */
  previewMeshUrl?: string | null;
};

export type DesignDetail = {
  _id: string;
  id: string;
  slug: string;
  name: string;
  description: string;
  category: string | null;
  tags: string[];
  settings: string;
  manufacturingInstructions: string;
  usages: string;
  isPaid: boolean;
  /** US dollars. */
  price: number;
  createdAt: string;
  updatedAt: string;
  views: number;
  likesCount: number;
  /** Whether the person asking likes it (false for visitors). */
  hasLiked: boolean;
  downloads: number;
  user: DesignOwner;
  collectionId: string | null;
  /** The collection the design belongs to, when the viewer may see it. */
  collection: { _id: string; id: string; name: string } | null;
  files: DesignDetailFile[];
  /** Whether the viewer may download the files (the server enforces it on every file call). */
  canDownload: boolean;
  /** Whether the viewer may open the STL files in the 3D viewer. */
  canViewModel: boolean;
  canEdit: boolean;
  /**
   * Whether the viewer may buy the design on its own now: paid, not theirs, not yet theirs, sold
   * individually (not only through its collection) by a seller who can take payments.
   */
  canPurchase: boolean;
  /**
   * Set when operators took the design down: only its owner and operators still reach it, and they
   * see why (and the owner's one reply). Null for a design that is up.
   */
  takedown: DesignTakedown | null;
};

/** Where `/design/{slug}` leads: the canonical `/design/{username}/{slug}`. */
export type DesignLocation = { username: string; slug: string };

export type LikeResponse = { hasLiked: boolean; likesCount: number };

export type ViewResponse = { views: number };

export type SignedUrlResponse = { url: string };

export type CollectionPricing = {
  free: boolean;
  subscription: boolean;
  /** One-time price in US dollars; 0 for free and subscription-only collections. */
  oneTimePurchase: number;
  /** Subscription price in US dollars; 0 unless the collection is sold by subscription. */
  subscriptionPrice: number;
};

/** A collection as clients read it (docs/product.md#entities), with its designs as cards. */
export type CollectionSummary = {
  _id: string;
  id: string;
  name: string;
  description: string;
  visibility: 'public' | 'private';
  coverImageUrl: string | null;
  user: { _id: string; username: string };
  designs: DesignCard[];
  allowIndividualPurchase: boolean;
  /** Archived by its owner: unlisted and not sold; only its owner and holders reach it. */
  archived: boolean;
  pricing: CollectionPricing;
  createdAt: string;
  /** The viewer's standing, on GET /api/collections/{id} only (lists leave it out). */
  access?: CollectionViewerAccess;
};

/** What the viewer of a collection page may do with it. */
export type CollectionViewerAccess = {
  /** The whole collection may be downloaded (owner, free, bought, or a subscription covers it). */
  canDownload: boolean;
  /** A one-time purchase is open to the viewer now. */
  canPurchase: boolean;
  /**
   * Subscription plans cover it and the viewer has no running subscription to it (a canceled one
   * with time left is resumed instead: POST /api/purchases/resume).
   */
  canSubscribe: boolean;
  purchased: boolean;
  /** The viewer's subscription that covers it, if any (active, or canceled with time left). */
  subscription: {
    id: string;
    status: 'active' | 'canceled';
    endDate: string;
    /** The plan it was taken on; null once the seller deleted that plan. */
    planId: string | null;
    planName: string;
    planType: 'monthly' | 'yearly';
  } | null;
};
