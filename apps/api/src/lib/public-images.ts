/**
 * Public images (avatars, banners, design photos) live in storage under these prefixes and are
 * served at /uploads/{key}. Keys are made by the server as `{prefix}/{uuid}[-variant].webp`; the
 * pattern lets the /uploads route refuse anything else (such as model files, which are not public)
 * without a database lookup. Models' public preview meshes live beside their preview images, as
 * `images/{uuid}-mesh.glb`.
 */
export const PUBLIC_IMAGE_PREFIXES = ['avatars', 'banners', 'images'] as const;
export type PublicImagePrefix = (typeof PUBLIC_IMAGE_PREFIXES)[number];

const PUBLIC_KEY = /^(avatars|banners|images)\/[0-9a-f-]{36}(-[a-z]+)?\.webp$/;
const PREVIEW_MESH_KEY = /^images\/[0-9a-f-]{36}-mesh\.glb$/;

export function isPublicImageKey(key: string): boolean {
  return PUBLIC_KEY.test(key) || PREVIEW_MESH_KEY.test(key);
}

/** The media type a public key is served with. */
export function publicContentType(key: string): string {
  return key.endsWith('.glb') ? 'model/gltf-binary' : 'image/webp';
}

export function previewMeshKey(id: string): string {
  return `images/${id}-mesh.glb`;
}

export function publicImageKey(prefix: PublicImagePrefix, id: string, variant?: string): string {
  return `${prefix}/${id}${variant ? `-${variant}` : ''}.webp`;
}

export function publicImageUrl(key: string | null | undefined): string | null {
  return key ? `/uploads/${key}` : null;
}
