import type { SocialLinks } from '@printmarket/shared/auth';
import type { UserStats } from '@printmarket/shared/types';
import type { ReactNode } from 'react';
import { mediaUrl } from '../../../lib/media.ts';
import { Avatar } from './Avatar.tsx';
import styles from './ProfileHeader.module.css';

type ProfileHeaderProps = {
  username: string;
  name: string;
  bio: string;
  location: string;
  profilePicture: string | null;
  bannerImage: string | null;
  socialLinks: SocialLinks | null | undefined;
  createdAt: string | null | undefined;
  /** Null while the counters load. */
  stats: UserStats | null;
  /** Buttons beside the name (Edit Profile on the dashboard, Follow on a public profile). */
  actions?: ReactNode;
};

const SOCIAL_LABELS: Record<keyof SocialLinks, string> = {
  instagram: 'Instagram',
  twitter: 'Twitter',
  custom: 'Website',
};

const joinedFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' });
const countFormat = new Intl.NumberFormat('en-US');

/** Banner, picture, name, location, counters and bio of a profile (spec section 2, dashboard). */
export function ProfileHeader(props: ProfileHeaderProps) {
  const {
    username,
    name,
    bio,
    location,
    profilePicture,
    bannerImage,
    socialLinks,
    createdAt,
    stats,
    actions,
  } = props;
  const banner = mediaUrl(bannerImage, '');
  const links = Object.entries(socialLinks ?? {}).filter(([, url]) => Boolean(url)) as [
    keyof SocialLinks,
    string,
  ][];
  const joined = createdAt ? new Date(createdAt) : null;

  return (
    <section className={styles.header} aria-labelledby="profile-username">
      <div className={styles.banner}>
        {/* Without a banner of their own, people get the decorative default from the stylesheet. */}
        {banner && <img src={banner} alt="" className={styles.bannerImage} />}
      </div>
      <div className={styles.body}>
        <div className={styles.identity}>
          <Avatar
            src={profilePicture}
            alt={`${username}'s profile picture`}
            size={128}
            className={styles.avatar}
          />
          <div className={styles.names}>
            <h1 id="profile-username" className={styles.username}>
              {username}
            </h1>
            {name && name !== username && <p className={styles.name}>{name}</p>}
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
                {location || 'No location set'}
              </span>
              {joined && !Number.isNaN(joined.getTime()) && <span>Joined {joinedFormat.format(joined)}</span>}
            </p>
          </div>
          {actions && <div className={styles.actions}>{actions}</div>}
        </div>

        <dl className={styles.stats} aria-busy={stats === null}>
          <Stat label="Total Designs" value={stats?.designs} />
          <Stat label="Followers" value={stats?.followers} />
          <Stat label="Following" value={stats?.following} />
        </dl>

        <div className={styles.about}>
          <h2 className={styles.aboutTitle}>Bio</h2>
          <p className={bio ? styles.bio : styles.empty}>{bio || 'No bio available'}</p>
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
      </div>
    </section>
  );
}

function Stat({ label, value }: { label: string; value: number | undefined }) {
  return (
    <div className={styles.stat}>
      <dt className={styles.statLabel}>{label}</dt>
      <dd className={styles.statValue}>
        {value === undefined ? (
          <span className={styles.statPending}>
            <span className="visually-hidden">Loading</span>
          </span>
        ) : (
          countFormat.format(value)
        )}
      </dd>
    </div>
  );
}
