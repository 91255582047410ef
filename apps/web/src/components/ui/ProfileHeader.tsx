import type { SocialLinks } from '@printmarket/shared/auth';
import { formatInteger, formatMonthYear } from '@printmarket/shared/en-format';
import type { PublicProfile } from '@printmarket/shared/social';
import { SOCIAL_MSG } from '@printmarket/shared/social-messages';
import type { UserStats } from '@printmarket/shared/types';
import type { ReactNode } from 'react';
import { mediaUrl, twoSizeSrcSet } from '@/lib/media.ts';
import { Avatar } from './Avatar.tsx';
import styles from './ProfileHeader.module.css';

/** What the header shows of a person: the fields the dashboard's user and a public profile share. */
export type ProfileHeaderUser = Pick<
  PublicProfile,
  'username' | 'name' | 'bio' | 'location' | 'profilePicture' | 'bannerImage' | 'bannerImageMedium'
>;

type ProfileHeaderProps = {
  user: ProfileHeaderUser;
  /** When they joined, shown beside the location (the dashboard shows it). */
  joinedAt?: string | null;
  /** Titles the bio (the dashboard's 'Bio'); a public profile shows it untitled. */
  bioTitle?: string;
  /** Listed under the bio (the dashboard); a public profile has them in its About tab. */
  socialLinks?: SocialLinks | null;
  /** Null while the counters load. */
  stats: UserStats | null;
  /** The first counter's name: 'Total Designs' on the dashboard, 'Designs' on a public profile. */
  designsLabel: string;
  /** Buttons beside the name: Edit Profile on the dashboard, Follow on someone else's profile. */
  actions: ReactNode;
};

/** A banner is made 1500 x 500 and at half that (`bannerImageMedium`, the same crop) for phones. */
export const BANNER_WIDTHS = { medium: 750, banner: 1500 } as const;

/** The banner spans the page's content: the whole width up to 1240 px, less the page's padding. */
export const BANNER_SIZES = '(max-width: 1240px) 100vw, 1192px';

const SOCIAL_LABELS: Record<keyof SocialLinks, string> = {
  instagram: 'Instagram',
  twitter: 'Twitter',
  custom: 'Website',
};

/**
 * The top of a profile, on the dashboard and on public profiles (docs/product.md#public-profile): banner,
 * picture, username, location, the actions, bio and counters.
 */
export function ProfileHeader({
  user,
  joinedAt,
  bioTitle,
  socialLinks,
  stats,
  designsLabel,
  actions,
}: ProfileHeaderProps) {
  const banner = mediaUrl(user.bannerImage, '');
  // Banners stored before the half size existed have none until the server's backfill made it.
  const bannerSrcSet =
    twoSizeSrcSet(user.bannerImageMedium, user.bannerImage, [BANNER_WIDTHS.medium, BANNER_WIDTHS.banner]) ??
    undefined;
  const links = Object.entries(socialLinks ?? {}).filter(([, url]) => Boolean(url)) as [
    keyof SocialLinks,
    string,
  ][];
  const joined = joinedAt ? new Date(joinedAt) : null;

  return (
    <section className={styles.header} aria-labelledby="profile-username">
      <div className={styles.banner}>
        {/* Without a banner of their own, people get the decorative default from the stylesheet. */}
        {/* The largest picture at the top of a profile: it comes first (banners are made 1500 x 500). */}
        {banner && (
          <img
            src={banner}
            srcSet={bannerSrcSet}
            sizes={bannerSrcSet ? BANNER_SIZES : undefined}
            alt=""
            className={styles.bannerImage}
            width={1500}
            height={500}
            fetchPriority="high"
          />
        )}
      </div>
      <div className={styles.body}>
        <div className={styles.identity}>
          <Avatar
            src={user.profilePicture}
            alt={`${user.username}'s profile picture`}
            size={128}
            className={styles.avatar}
          />
          <div className={styles.names}>
            <h1 id="profile-username" className={styles.username}>
              {user.username}
            </h1>
            {user.name && user.name !== user.username && <p className={styles.name}>{user.name}</p>}
            <p className={styles.meta}>
              <span className={styles.location}>
                <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
                  <path
                    d="M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21z"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                  />
                  <circle cx="12" cy="9.5" r="2.5" fill="currentColor" />
                </svg>
                <span className="visually-hidden">Location: </span>
                {user.location || SOCIAL_MSG.noLocation}
              </span>
              {joined && !Number.isNaN(joined.getTime()) && <span>Joined {formatMonthYear(joined)}</span>}
            </p>
          </div>
          <div className={styles.actions}>{actions}</div>
        </div>

        <div className={styles.about}>
          {bioTitle && <h2 className={styles.aboutTitle}>{bioTitle}</h2>}
          <p className={user.bio ? styles.bio : styles.empty}>{user.bio || SOCIAL_MSG.noBio}</p>
          {links.length > 0 && (
            <ul className={styles.links}>
              {links.map(([kind, url]) => (
                <li key={kind}>
                  <a href={url} target="_blank" rel="noopener noreferrer nofollow">
                    {SOCIAL_LABELS[kind]}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>

        <dl className={styles.stats} aria-busy={stats === null}>
          <Stat label={designsLabel} value={stats?.designs} testId="designs-count" />
          <Stat label="Followers" value={stats?.followers} testId="followers-count" />
          <Stat label="Following" value={stats?.following} testId="following-count" />
        </dl>
      </div>
    </section>
  );
}

function Stat({ label, value, testId }: { label: string; value: number | undefined; testId: string }) {
  return (
    <div className={styles.stat}>
      <dt className={styles.statLabel}>{label}</dt>
      <dd className={styles.statValue} data-testid={testId}>
        {value === undefined ? (
          <span className={styles.statPending}>
            <span className="visually-hidden">Loading</span>
          </span>
        ) : (
          formatInteger(value)
        )}
      </dd>
    </div>
  );
}
