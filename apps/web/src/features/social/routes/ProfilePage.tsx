import type { ProfileDesignSort } from '@printmarket/shared/social';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import button from '../../../app/styles/button.module.css';
import { useSession } from '../../auth/session.tsx';
import { profileQueryKey, useProfile } from '../api/get-profile.ts';
import { FollowButton } from '../components/FollowButton.tsx';
import { ProfileAboutPanel } from '../components/ProfileAboutPanel.tsx';
import { ProfileDesignsPanel } from '../components/ProfileDesignsPanel.tsx';
import { ProfileLikesPanel } from '../components/ProfileLikesPanel.tsx';
import { ProfileLoadStatus } from '../components/ProfileLoadStatus.tsx';
import { ProfileTabs, tabId, tabPanelId } from '../components/ProfileTabs.tsx';
import { PublicProfileHeader } from '../components/PublicProfileHeader.tsx';
import { canonicalProfileAddress } from '../profile-address.ts';
import { parseProfileSort } from '../profile-sort.ts';
import { PROFILE_TABS, type ProfileTab, parseProfileTab } from '../profile-tabs.ts';
import styles from './ProfilePage.module.css';

const TABS_ID = 'profile';

/**
 * A person's public profile (spec section 2): header with follow button and counters, then the
 * tabs Designs, Likes and About. Tab and sort live in the address (`?tab=`, `?sort=`), so a
 * reload or a shared link shows the same view. An old username lands here too: the API answers
 * with the person under their current name, and the address is replaced by it.
 */
export default function ProfilePage() {
  const { username = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const profile = useProfile(username);
  const data = profile.data;
  const tab = parseProfileTab(searchParams.get('tab'));
  const sort = parseProfileSort(searchParams.get('sort'));

  const canonical = data ? canonicalProfileAddress(username, data.user.username, location) : null;
  useEffect(() => {
    if (!data || !canonical) return;
    // The answer already is the person's profile: keep it under their current name too.
    queryClient.setQueryData(profileQueryKey(data.user.username), data);
    navigate(canonical, { replace: true });
  }, [data, canonical, navigate, queryClient]);

  const setParam = (key: 'tab' | 'sort', value: string, fallback: string) =>
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value === fallback) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  if (!data) {
    return (
      <div className={styles.page}>
        <ProfileLoadStatus
          username={username}
          error={profile.error}
          retry={{ busy: profile.isFetching, run: () => void profile.refetch() }}
        />
      </div>
    );
  }

  const person = data.user;
  const viewerId = session.user ? (session.user.id ?? session.user._id) : null;
  const isOwner = viewerId === person.id;
  const onFollowChanged = () => {
    // The viewer's own "following" count moved: their dashboard and cached profile must show it.
    if (session.user)
      void queryClient.invalidateQueries({ queryKey: profileQueryKey(session.user.username) });
    void session.refresh();
  };

  return (
    <div className={styles.page}>
      <title>{`${person.username} · PrintMarket`}</title>
      <PublicProfileHeader
        profile={person}
        stats={data.stats}
        action={
          isOwner ? (
            <Link to="/dashboard" className={`${button.base} ${button.secondary}`}>
              Go to Dashboard
            </Link>
          ) : (
            <FollowButton
              profile={{ id: person.id, username: person.username }}
              viewer={{ status: session.status }}
              onChanged={onFollowChanged}
            />
          )
        }
      />

      <div className={styles.sections}>
        <ProfileTabs
          label={`${person.username}'s profile`}
          idPrefix={TABS_ID}
          tabs={PROFILE_TABS}
          selected={tab}
          onSelect={(next: ProfileTab) => setParam('tab', next, 'designs')}
        />
        {PROFILE_TABS.map(({ id }) => (
          <div
            key={id}
            role="tabpanel"
            id={tabPanelId(TABS_ID, id)}
            aria-labelledby={tabId(TABS_ID, id)}
            hidden={id !== tab}
          >
            {id === tab && id === 'designs' && (
              <ProfileDesignsPanel
                username={person.username}
                sort={sort}
                onSortChange={(next: ProfileDesignSort) => setParam('sort', next, 'newest')}
              />
            )}
            {id === tab && id === 'likes' && <ProfileLikesPanel username={person.username} />}
            {id === tab && id === 'about' && <ProfileAboutPanel username={person.username} shown={person} />}
          </div>
        ))}
      </div>
    </div>
  );
}
