import type { DesignSort } from './constants.ts';

/*
 * Apart from the schema in preferences.ts: the web app's home page reads these, and zod would come
 * with the schema's module into its first load.
 */

/**
 * What a person chose in Settings > Preferences. Kept on the server, so every browser they sign in
 * with follows the same choices.
 */
export type Preferences = {
  /** The home listing's order when the address names none (`/` rather than `/?sort=...`). */
  homeSort: DesignSort;
  /** Whether a design page opens its 3D view at once (when the viewer may see the models). */
  autoOpen3d: boolean;
};

/** Without saved preferences: the product's default order (docs/product.md#home), images first. */
export const DEFAULT_PREFERENCES: Readonly<Preferences> = Object.freeze({
  homeSort: 'newest',
  autoOpen3d: false,
});
