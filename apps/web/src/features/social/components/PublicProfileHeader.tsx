import type { PublicProfile } from '@printmarket/shared/social';
import { SOCIAL_MSG } from '@printmarket/shared/social';
import type { UserStats } from '@printmarket/shared/types';
import type { ReactNode } from 'react';
import { mediaUrl } from '../../../lib/media.ts';
import { ProfileAvatar } from './ProfileAvatar.tsx';
import styles from './PublicProfileHeader.module.css';

const countFormat = new Intl.NumberFormat('en-US');

/**
 * The top of a public profile (spec section 2): banner, picture, username, location, bio, the
 * follow control (`action`) and the counters.
 */
export function PublicProfileHeader(props: { profile: PublicProfile; stats: UserStats; action: ReactNode }) {
  const { profile, stats, action } = props;
  const banner = mediaUrl(profile.bannerImage, '');
  return (
    <section className={styles.header} aria-labelledby="public-profile-username">
      <div className={styles.banner}>
        {/* Without a banner of their own, people get the decorative default from the stylesheet. */}
        {banner && <img src={banner} alt="" className={styles.bannerImage} />}
      </div>
      <div className={styles.body}>
        <div className={styles.identity}>
          <ProfileAvatar
            src={profile.profilePicture}
            alt={`${profile.username}'s profile picture`}
            size={128}
            className={styles.avatar}
          />
          <div className={styles.names}>
            <h1 id="public-profile-username" className={styles.username}>
              {profile.username}
            </h1>
            {profile.name && profile.name !== profile.username && (
              <p className={styles.name}>{profile.name}</p>
            )}
            <p className={styles.location}>
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
              {profile.location || SOCIAL_MSG.noLocation}
            </p>
          </div>
          <div className={styles.action}>{action}</div>
        </div>

        <p className={profile.bio ? styles.bio : styles.empty}>{profile.bio || SOCIAL_MSG.noBio}</p>

        <dl className={styles.stats}>
          <Stat label="Designs" value={stats.designs} testId="designs-count" />
          <Stat label="Followers" value={stats.followers} testId="followers-count" />
          <Stat label="Following" value={stats.following} testId="following-count" />
        </dl>
      </div>
    </section>
  );
}

function Stat(props: { label: string; value: number; testId: string }) {
  return (
    <div className={styles.stat}>
      <dt className={styles.statLabel}>{props.label}</dt>
      <dd className={styles.statValue} data-testid={props.testId}>
        {countFormat.format(props.value)}
      </dd>
    </div>
  );
}
