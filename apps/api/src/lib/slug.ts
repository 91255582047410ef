/**
 * A URL-safe slug from a design name: lower-case ASCII letters and digits joined by single
 * dashes, accents folded ('Crème' -> 'creme'), at most 80 characters. Never empty.
 */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  return slug || 'design';
}
