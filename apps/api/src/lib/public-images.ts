/**
 * Public images (avatars, banners, design photos) live in storage under these prefixes and are
 * served at /uploads/{key}. Keys are made by the server as `{prefix}/{uuid}[-variant].webp`; the
 * pattern lets the /uploads route refuse anything else (such as STL files, which are not public)
 * without a database lookup.
 */
export const PUBLIC_IMAGE_PREFIXES = ['avatars', 'banners', 'images'] as const;
export type PublicImagePrefix = (typeof PUBLIC_IMAGE_PREFIXES)[number];

const PUBLIC_KEY = /^(avatars|banners|images)\/[0-9a-f-]{36}(-[a-z]+)?\.webp$/;

export function isPublicImageKey(key: string): boolean {
  return PUBLIC_KEY.test(key);
}

export function publicImageKey(prefix: PublicImagePrefix, id: string, variant?: string): string {
  return `${prefix}/${id}${variant ? `-${variant}` : ''}.webp`;
}

export function publicImageUrl(key: string | null | undefined): string | null {
  return key ? `/uploads/${key}` : null;
}
