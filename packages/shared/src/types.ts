/**
 * Shapes of API answers (spec section 3). The API keeps the spec's field names and adds a few
 * (`id` beside `_id`, `likesCount`), see docs/api.md.
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
  socialLinks: SocialLinks;
  lastUsernameChange: string | null;
  /** False until the person saved the setup-profile screen once. */
  profileCompleted: boolean;
  createdAt: string;
};

export type AuthResponse = { token: string; user: CurrentUser };

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
  /** Price in US dollars, as the spec's clients expect; the server stores integer cents. */
  price: number;
  category: string | null;
  tags: string[];
  /** Preview images only (cards show images, never STL files). */
  files: DesignFile[];
};

export type DesignListResponse = { designs: DesignCard[]; totalPages: number; page: number; total: number };

export type PublicConfig = {
  googleEnabled: boolean;
  companyName: string;
  contactEmail: string;
  serverLocation: string;
};
