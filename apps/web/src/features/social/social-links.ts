import type { SocialLinks } from '@printmarket/shared/auth';

export type ProfileLink = {
  kind: keyof SocialLinks;
  label: string;
  /** The address as the person saved it. */
  text: string;
  /** Set only for http(s) addresses: anything else (`javascript:`, `data:`) is never a link. */
  href: string | null;
};

const LABELS: Record<keyof SocialLinks, string> = {
  instagram: 'Instagram',
  twitter: 'Twitter',
  custom: 'Website',
};

const WEB_ADDRESS = /^https?:\/\/[^\s]+$/i;

/** The links a profile shows, in a fixed order, leaving out empty ones. */
export function profileLinks(links: Partial<SocialLinks> | null | undefined): ProfileLink[] {
  const result: ProfileLink[] = [];
  for (const kind of Object.keys(LABELS) as (keyof SocialLinks)[]) {
    const text = links?.[kind]?.trim();
    if (!text) continue;
    result.push({ kind, label: LABELS[kind], text, href: WEB_ADDRESS.test(text) ? text : null });
  }
  return result;
}
