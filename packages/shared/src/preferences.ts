import { z } from 'zod';
import { DESIGN_SORTS, type DesignSort } from './constants.ts';

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

/**
 * Body of `PUT /api/user/preferences`: any of the fields; those left out keep their saved value.
 * Unknown keys are refused rather than dropped, so a misspelt field does not look saved.
 */
export const preferencesUpdateSchema = z.strictObject(
  {
    homeSort: z
      .enum(DESIGN_SORTS, { error: `homeSort must be one of: ${DESIGN_SORTS.join(', ')}.` })
      .optional(),
    autoOpen3d: z.boolean({ error: 'autoOpen3d must be true or false.' }).optional(),
  },
  {
    error: (issue) => {
      if (issue.code === 'unrecognized_keys') return `Unknown preference: ${issue.keys.join(', ')}.`;
      if (issue.code === 'invalid_type') return 'Preferences must be a JSON object.';
      return undefined;
    },
  },
);
export type PreferencesUpdate = z.input<typeof preferencesUpdateSchema>;
