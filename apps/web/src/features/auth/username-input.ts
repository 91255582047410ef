/** Characters a username may not contain (docs/product.md#validation: letters and numbers only). */
const NOT_ALLOWED = /[^A-Za-z0-9]/g;

export type FilteredUsername = {
  value: string;
  /** True when something typed or pasted was dropped, so the screen can say why. */
  rejected: boolean;
  /** Where the caret belongs afterwards: behind the last kept character the person typed. */
  caret: number;
};

/**
 * Applies the sign-up rule while typing: characters other than letters and digits never reach the
 * field. `caret` is the caret position in the raw text, so the caret does not jump to the end.
 */
export function filterUsername(raw: string, caret: number = raw.length): FilteredUsername {
  const value = raw.replace(NOT_ALLOWED, '');
  return {
    value,
    rejected: value.length !== raw.length,
    caret: raw.slice(0, caret).replace(NOT_ALLOWED, '').length,
  };
}
