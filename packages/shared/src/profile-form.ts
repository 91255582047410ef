import { z } from 'zod';
import { socialLinksSchema, usernameSchema } from './auth.ts';
import { BIO_MAX_LENGTH, LOCATION_MAX_LENGTH } from './constants.ts';
import { firstIssueMessage } from './validate.ts';

/**
 * The edit-profile form's rules (docs/product.md#validation, Edit profile), the same as the server's for
 * `PUT /api/user/update-profile`. The username is checked only when it is being changed, and not at
 * all once it was changed (it is read-only then), so a name from before today's rules does not
 * block saving a bio.
 */
export function editProfileFormSchema(current: { username: string; usernameLocked: boolean }) {
  return z.object({
    username: z.string().superRefine((value, ctx) => {
      if (current.usernameLocked || value.trim() === current.username) return;
      const checked = usernameSchema.safeParse(value);
      if (!checked.success) ctx.addIssue({ code: 'custom', message: firstIssueMessage(checked.error) });
    }),
    bio: z.string().trim().max(BIO_MAX_LENGTH, `Bio must be at most ${BIO_MAX_LENGTH} characters.`),
    location: z
      .string()
      .trim()
      .max(LOCATION_MAX_LENGTH, `Location must be at most ${LOCATION_MAX_LENGTH} characters.`),
    socialLinks: socialLinksSchema,
  });
}
/** The form's values as typed (social links may be missing; the schema fills them with ''). */
export type EditProfileFormInput = z.input<ReturnType<typeof editProfileFormSchema>>;
