import { formatLongDate } from '@printmarket/shared/en-format';
import type { PublicProfile } from '@printmarket/shared/social';
import { SOCIAL_MSG } from '@printmarket/shared/social-messages';
import { RetryAlert } from '@/components/ui/RetryAlert.tsx';
import { usePublicProfile } from '@/features/social/api/get-public-profile.ts';
import { profileLinks } from '@/features/social/social-links.ts';
import styles from './ProfilePanels.module.css';

/**
 * The About tab: bio, location, links and join date, from the public profile call. Only http(s)
 * addresses become links, and those open in a new tab without handing over this page
 * (noopener, noreferrer) or vouching for the target (nofollow).
 */
export function ProfileAboutPanel(props: { username: string; shown: PublicProfile }) {
  const about = usePublicProfile(props.username, props.shown);

  if (about.isError) {
    return (
      <div className={styles.panel}>
        <RetryAlert retrying={about.isFetching} onRetry={() => about.refetch()}>
          <p>{SOCIAL_MSG.failedFetchUserProfile}</p>
        </RetryAlert>
      </div>
    );
  }
  const profile = about.data ?? props.shown;
  const links = profileLinks(profile.socialLinks);
  const joined = new Date(profile.createdAt);

  return (
    <div className={styles.panel}>
      <div className={styles.toolbar}>
        <h2 className={styles.heading}>About {profile.username}</h2>
      </div>
      <dl className={styles.facts}>
        <div className={styles.fact}>
          <dt>Bio</dt>
          <dd className={profile.bio ? styles.bio : styles.muted}>{profile.bio || SOCIAL_MSG.noBio}</dd>
        </div>
        <div className={styles.fact}>
          <dt>Location</dt>
          <dd className={profile.location ? undefined : styles.muted}>
            {profile.location || SOCIAL_MSG.noLocation}
          </dd>
        </div>
        <div className={styles.fact}>
          <dt>Links</dt>
          <dd>
            {links.length === 0 ? (
              <span className={styles.muted}>No links added</span>
            ) : (
              <ul className={styles.links}>
                {links.map((link) => (
                  <li key={link.kind}>
                    <span className={styles.linkLabel}>{link.label}: </span>
                    {link.href ? (
                      <a href={link.href} target="_blank" rel="noopener noreferrer nofollow">
                        {link.text}
                      </a>
                    ) : (
                      <span>{link.text}</span>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
        <div className={styles.fact}>
          <dt>Joined</dt>
          <dd>
            {Number.isNaN(joined.getTime()) ? (
              '—'
            ) : (
              <time dateTime={profile.createdAt}>{formatLongDate(joined)}</time>
            )}
          </dd>
        </div>
      </dl>
    </div>
  );
}
