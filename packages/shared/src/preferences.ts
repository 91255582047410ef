import { z } from 'zod';
import { DESIGN_SORTS } from './constants.ts';

export { DEFAULT_PREFERENCES, type Preferences } from './preference-defaults.ts';

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
