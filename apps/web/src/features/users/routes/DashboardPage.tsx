import { useEffect } from 'react';
import { useSession } from '../../auth/session.tsx';
import { ProfileHeader } from '../components/ProfileHeader.tsx';
import styles from './DashboardPage.module.css';

/** Counters older than this are reloaded when the dashboard opens. */
const FRESH_MS = 30_000;

/** The signed-in person's own profile (behind the sign-in guard). */
export default function DashboardPage() {
  const { user, refresh, loadedAt } = useSession();

  // Counters change while the app is open (a new follower, an upload); show current ones, without
  // reloading what the session fetched a moment ago (e.g. right after sign-in).
  const stale = Date.now() - loadedAt > FRESH_MS;
  useEffect(() => {
    if (stale) void refresh();
  }, [stale, refresh]);

  if (!user) return null;
  return (
    <div className={styles.page}>
      <title>Dashboard · PrintMarket</title>
      <ProfileHeader
        username={user.username}
        name={user.name}
        bio={user.bio}
        location={user.location}
        profilePicture={user.profilePicture}
        bannerImage={user.bannerImage}
        socialLinks={user.socialLinks}
        createdAt={user.createdAt}
        stats={user.stats}
      />
    </div>
  );
}
