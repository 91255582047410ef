import { z } from 'zod';
import {
  BIO_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  LOCATION_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
} from './constants.ts';
import { MSG } from './messages.ts';

/** Letters and digits only (docs/product.md#validation). ASCII, so usernames are safe in URLs. */
export const USERNAME_PATTERN = /^[A-Za-z0-9]+$/;

/**
 * Names that are fixed words in `/api/designs/{username}/{slug}`-shaped addresses
 * (`/api/designs/username/{name}`, `/api/designs/download/{file}`): a person with one of them could
 * not be reached there.
 */
export const RESERVED_USERNAMES: ReadonlySet<string> = new Set(['username', 'download']);

export function isReservedUsername(username: string): boolean {
  return RESERVED_USERNAMES.has(username.toLowerCase());
}

const required = (label: string) => `${label} is required.`;

export const usernameSchema = z
  .string({ error: required('Username') })
  .trim()
  .min(1, required('Username'))
  .max(USERNAME_MAX_LENGTH, `Username must be at most ${USERNAME_MAX_LENGTH} characters.`)
  .regex(USERNAME_PATTERN, MSG.usernameChars)
  .refine((name) => !isReservedUsername(name), 'That username is not available.');

export const passwordSchema = z
  .string({ error: required('Password') })
  .min(1, required('Password'))
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`);

export const emailSchema = z
  .string({ error: required('Email') })
  .trim()
  .min(1, required('Email'))
  .max(EMAIL_MAX_LENGTH, 'Email is too long.')
  .pipe(z.email('Enter a valid email address.'))
  .transform((email) => email.toLowerCase());

export const registerSchema = z.object({
  username: usernameSchema,
  name: z
    .string({ error: required('Full name') })
    .trim()
    .min(1, required('Full name'))
    .max(NAME_MAX_LENGTH, `Full name must be at most ${NAME_MAX_LENGTH} characters.`),
  email: emailSchema,
  password: passwordSchema,
});
export type RegisterInput = z.input<typeof registerSchema>;

/** The sign-up form adds the confirmation field the server does not need. */
export const signUpFormSchema = registerSchema
  .extend({ confirmPassword: passwordSchema })
  .refine((v) => v.password === v.confirmPassword, {
    message: MSG.passwordsDiffer,
    path: ['confirmPassword'],
  });
export type SignUpFormInput = z.input<typeof signUpFormSchema>;

export const loginSchema = z.object({
  email: z
    .string({ error: required('Email') })
    .trim()
    .min(1, required('Email'))
    .max(EMAIL_MAX_LENGTH)
    .toLowerCase(),
  password: z
    .string({ error: required('Password') })
    .min(1, required('Password'))
    .max(PASSWORD_MAX_LENGTH),
});
export type LoginInput = z.input<typeof loginSchema>;

/** Body of `POST /api/auth/google/exchange`: the one-time code the Google callback put in the address. */
export const googleExchangeSchema = z.object({
  code: z
    .string({ error: 'The sign-in code is required.' })
    .trim()
    .min(1, 'The sign-in code is required.')
    .max(100, 'The sign-in code is not valid.'),
});

export const SOCIAL_LINK_MAX_LENGTH = 300;

/**
 * The WHATWG URL parser that browsers and Node both have, so a link is judged exactly as the
 * browser will read it. Typed here because this package is built without DOM or Node types.
 */
type ParsedUrl = { hostname: string; username: string; password: string };
const WebUrl = (globalThis as unknown as { URL: new (input: string) => ParsedUrl }).URL;

const NOT_A_WEB_ADDRESS = 'Links must be full web addresses, like https://example.com';

/**
 * Why a profile link cannot be stored, or null when it can ('' means no link). Profiles show these
 * as links, so only web addresses pass: no `javascript:` or `data:` URLs, and no
 * `https://instagram.com@evil.example` disguises (a user name before the real host).
 */
export function socialLinkProblem(link: string): string | null {
  if (link === '') return null;
  if (!/^https?:\/\//i.test(link)) return 'Links must start with http:// or https://';
  if (/[\s\p{Cc}]/u.test(link)) return 'Links cannot contain spaces.';
  let url: ParsedUrl;
  try {
    url = new WebUrl(link);
  } catch {
    return NOT_A_WEB_ADDRESS;
  }
  if (url.username || url.password) return 'Links cannot contain a user name or password.';
  // A name with a dot (example.com) or an IPv4 address; not `localhost` or an IPv6 literal.
  if (!url.hostname.includes('.') || url.hostname.startsWith('[')) return NOT_A_WEB_ADDRESS;
  return null;
}

const httpUrl = z
  .string({ error: 'Links must be text.' })
  .trim()
  .max(SOCIAL_LINK_MAX_LENGTH, `Links must be at most ${SOCIAL_LINK_MAX_LENGTH} characters.`)
  .superRefine((link, ctx) => {
    const problem = socialLinkProblem(link);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const socialLinksSchema = z.object({
  instagram: httpUrl.optional().default(''),
  twitter: httpUrl.optional().default(''),
  custom: httpUrl.optional().default(''),
});
export type SocialLinks = z.infer<typeof socialLinksSchema>;

/** Text fields of `PUT /api/user/update-profile` (files travel beside them in the multipart body). */
export const updateProfileFieldsSchema = z.object({
  username: usernameSchema.optional(),
  bio: z.string().trim().max(BIO_MAX_LENGTH, `Bio must be at most ${BIO_MAX_LENGTH} characters.`).optional(),
  location: z.string().trim().max(LOCATION_MAX_LENGTH).optional(),
  socialLinks: socialLinksSchema.optional(),
});

export const setupProfileSchema = z.object({
  bio: z.string().trim().min(1, 'Bio is required.').max(BIO_MAX_LENGTH),
});
