import type { ProfileDesignSort } from '@printmarket/shared/profile-sorts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { ProfileHeader } from '@/components/ui/ProfileHeader.tsx';
import { TabList, TabPanel } from '@/components/ui/Tabs.tsx';
import { searchWithTab, tabFromAddress } from '@/components/ui/tabs.ts';
import { ReportButton } from '@/features/reports/components/ReportButton.tsx';
import { useProfile } from '@/features/social/api/get-profile.ts';
import { socialKeys } from '@/features/social/api/keys.ts';
import { FollowButton } from '@/features/social/components/FollowButton.tsx';
import { ProfileAboutPanel } from '@/features/social/components/ProfileAboutPanel.tsx';
import { ProfileDesignsPanel } from '@/features/social/components/ProfileDesignsPanel.tsx';
import { ProfileLikesPanel } from '@/features/social/components/ProfileLikesPanel.tsx';
import { ProfileLoadStatus } from '@/features/social/components/ProfileLoadStatus.tsx';
import { canonicalProfileAddress } from '@/features/social/profile-address.ts';
import { parseProfileSort } from '@/features/social/profile-sort.ts';
import { HydrationSlice } from '@/lib/hydration-slice.tsx';
import { PageTitle } from '@/lib/page-head.tsx';
import { paths } from '@/lib/paths.ts';
import { useSession } from '@/lib/session/session.tsx';
import button from '@/styles/button.module.css';
import styles from './ProfilePage.module.css';

/** The public profile's tabs (docs/product.md#public-profile), in order; the first is shown by default. */
const TABS = [
  { id: 'designs', label: 'Designs' },
  { id: 'likes', label: 'Likes' },
  { id: 'about', label: 'About' },
] as const;
type ProfileTab = (typeof TABS)[number]['id'];

const ID_BASE = 'profile';

/**
 * A person's public profile (docs/product.md#public-profile): header with follow button and counters, then
 * the tabs Designs, Likes and About. Tab and sort live in the address (`?tab=`, `?sort=`), so a reload or a
 * shared link shows the same view. An old username lands here too: the API answers with the person under
 * their current name, and the address is replaced by it.
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
  const tab = tabFromAddress(searchParams.get('tab'), TABS);
  const sort = parseProfileSort(searchParams.get('sort'));

  const canonical = data ? canonicalProfileAddress(username, data.user.username, location) : null;
  useEffect(() => {
    if (!data || !canonical) return;
    // The answer already is the person's profile: keep it under their current name too.
    queryClient.setQueryData(socialKeys.profile(data.user.username), data);
    navigate(canonical, { replace: true });
  }, [data, canonical, navigate, queryClient]);

  // From the previous address, not this render's: quick changes in a row each keep the others.
  const setSearch = (change: (previous: URLSearchParams) => URLSearchParams) =>
    setSearchParams(change, { replace: true, preventScrollReset: true });
  const selectTab = (next: ProfileTab) => setSearch((previous) => searchWithTab(previous, next, TABS));
  const selectSort = (next: ProfileDesignSort) =>
    setSearch((previous) => {
      const search = new URLSearchParams(previous);
      if (next === 'newest') search.delete('sort');
      else search.set('sort', next);
      return search;
    });

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
      void queryClient.invalidateQueries({ queryKey: socialKeys.profile(session.user.username) });
    void session.refresh();
  };

  return (
    <div className={styles.page}>
      <PageTitle>{`${person.username} · PrintMarket`}</PageTitle>
      <HydrationSlice>
        <ProfileHeader
          user={person}
          stats={data.stats}
          designsLabel="Designs"
          actions={
            isOwner ? (
              <Link to={paths.dashboard()} className={`${button.base} ${button.secondary}`}>
                Go to Dashboard
              </Link>
            ) : (
              <>
                <FollowButton
                  profile={{ id: person.id, username: person.username }}
                  viewer={{ status: session.status }}
                  onChanged={onFollowChanged}
                />
                <ReportButton targetType="user" targetId={person.id} signedIn={session.user !== null} />
              </>
            )
          }
        />
      </HydrationSlice>

      <div className={styles.sections}>
        <HydrationSlice>
          <TabList
            label={`${person.username}'s profile`}
            idBase={ID_BASE}
            tabs={TABS}
            selected={tab}
            onSelect={selectTab}
          />
        </HydrationSlice>
        <TabPanel idBase={ID_BASE} id={tab}>
          {tab === 'designs' && (
            <ProfileDesignsPanel username={person.username} sort={sort} onSortChange={selectSort} />
          )}
          {tab === 'likes' && <ProfileLikesPanel username={person.username} />}
          {tab === 'about' && <ProfileAboutPanel username={person.username} shown={person} />}
        </TabPanel>
      </div>
    </div>
  );
}
