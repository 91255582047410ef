/** Business constants of the product (docs/product.md#limits-and-constants). */

export const CATEGORIES = [
  'Art',
  'Fashion',
  'Jewelry',
  'Home',
  'Architecture',
  'Gadget',
  'Game',
  'Tools',
  'NSFW',
  'Misc',
] as const;
export type Category = (typeof CATEGORIES)[number];

export const DESIGN_SORTS = ['newest', 'most-popular', 'most-downloaded'] as const;
export type DesignSort = (typeof DESIGN_SORTS)[number];

/** Tags of a design: at most this many, each at most this long (the search's tag filter too). */
export const TAGS_MAX = 20;
export const TAG_MAX_LENGTH = 30;

export const PAGE_SIZE_DEFAULT = 12;
/** Largest page a client may ask for; protects the database from `limit=100000`. */
export const PAGE_SIZE_MAX = 48;

export const PASSWORD_MIN_LENGTH = 6;
/** argon2 work grows with input; nobody needs a longer password than this. */
export const PASSWORD_MAX_LENGTH = 256;
export const USERNAME_MAX_LENGTH = 30;
export const NAME_MAX_LENGTH = 80;
export const EMAIL_MAX_LENGTH = 254;
export const BIO_MAX_LENGTH = 1000;
export const LOCATION_MAX_LENGTH = 80;

/** Every price is in US dollars (integer cents on the server); paid events must say so. */
export const CURRENCY = 'usd';
export const PLATFORM_FEE_PERCENT = 15;
export const PROVIDER_FEE_PERCENT = 2;
export const MAX_SUBSCRIPTION_PLANS = 4;

/** Milliseconds between preview images on cards (docs/product.md#limits-and-constants). */
export const CARD_ROTATION_MS_HOME = 5000;
export const CARD_ROTATION_MS_OTHER = 3000;
export const SETUP_PROFILE_REDIRECT_MS = 2000;

export const LEGAL_LAST_UPDATED = 'April 24, 2025';

/** Images people may upload (photos, avatars, banners, covers); the server sniffs the content. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/bmp'] as const;
export const IMAGE_ACCEPT = '.png,.jpg,.jpeg,.gif,.bmp,image/png,image/jpeg,image/gif,image/bmp';
export const IMAGE_TYPES_TEXT = 'PNG, JPEG, GIF or BMP';
export const PROFILE_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
