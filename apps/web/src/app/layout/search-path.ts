/**
 * Where the top bar's search form goes: `/search?query={text}` for non-empty trimmed text, and
 * nowhere (null) for empty or blank input, which must not submit (docs/product.md#validation).
 */
export function searchPath(text: string): string | null {
  const query = text.trim();
  if (query === '') return null;
  return `/search?${new URLSearchParams({ query }).toString()}`;
}
