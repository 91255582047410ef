import { MSG } from '@printmarket/shared/messages';
import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { QueryDesignGrid } from '@/components/design-cards/QueryDesignGrid.tsx';
import { Dialog } from '@/components/ui/Dialog.tsx';
import { NotAuthorized } from '@/components/ui/NotAuthorized.tsx';
import { ProfileHeader } from '@/components/ui/ProfileHeader.tsx';
import { TabLinks, TabList, TabPanel, tabLinkClass } from '@/components/ui/Tabs.tsx';
import { searchWithTab, tabFromAddress } from '@/components/ui/tabs.ts';
import { ConfirmEmailBanner } from '@/features/auth/components/ConfirmEmailBanner.tsx';
import { MyCollectionsList } from '@/features/collections/components/MyCollectionsList.tsx';
import { EditProfileForm } from '@/features/users/components/EditProfileForm.tsx';
import { useLikedDesigns } from '@/hooks/use-liked-designs.ts';
import { useMyCollections } from '@/hooks/use-my-collections.ts';
import { FAILED_FETCH_MY_DESIGNS, useMyDesigns } from '@/hooks/use-my-designs.ts';
import { PageTitle } from '@/lib/page-head.tsx';
import { paths } from '@/lib/paths.ts';
import { type SessionUser, useSession } from '@/lib/session/session.tsx';
import { useReportUnauthorized } from '@/lib/unauthorized.ts';
import button from '@/styles/button.module.css';
import styles from './DashboardPage.module.css';

/** Counters older than this are reloaded when the dashboard opens. */
const FRESH_MS = 30_000;

const TABS = [
  { id: 'designs', label: 'My Designs' },
  { id: 'collections', label: 'My Collections' },
  { id: 'liked', label: 'Liked Designs' },
] as const;
type DashboardTab = (typeof TABS)[number]['id'];

const ID_BASE = 'dashboard';

/** The signed-in person's own profile (docs/product.md#dashboard; behind the sign-in guard). */
export default function DashboardPage() {
  const { user, refresh, loadedAt } = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = tabFromAddress(searchParams.get('tab'), TABS);
  const [editing, setEditing] = useState(false);
  // Set when the API answers 401 (the session ended on the server, e.g. it expired).
  const [unauthorized, setUnauthorized] = useState(false);
  const onUnauthorized = useCallback(() => setUnauthorized(true), []);

  // Counters change while the app is open (a new follower, an upload); show current ones, without
  // reloading what the session fetched a moment ago (e.g. right after sign-in).
  const stale = Date.now() - loadedAt > FRESH_MS;
  useEffect(() => {
    if (stale) void refresh();
  }, [stale, refresh]);

  const selectTab = (id: DashboardTab) =>
    setSearchParams(searchWithTab(searchParams, id, TABS), { replace: true });

  if (unauthorized) return <NotAuthorized />;
  if (!user) return null;
  return (
    <div className={styles.page}>
      <PageTitle>Dashboard · PrintMarket</PageTitle>
      {!user.emailVerified && <ConfirmEmailBanner email={user.email} />}
      <ProfileHeader
        user={user}
        joinedAt={user.createdAt}
        bioTitle="Bio"
        socialLinks={user.socialLinks}
        stats={user.stats}
        designsLabel="Total Designs"
        actions={
          <button
            type="button"
            className={`${button.base} ${button.primary}`}
            aria-haspopup="dialog"
            onClick={() => setEditing(true)}
          >
            Edit Profile
          </button>
        }
      />

      <section className={styles.sections} aria-label="Your designs and collections">
        <TabList
          label="Dashboard sections"
          idBase={ID_BASE}
          tabs={TABS}
          selected={tab}
          onSelect={selectTab}
          after={
            <TabLinks label="Account">
              <Link to={paths.settings()} className={tabLinkClass}>
                Settings
              </Link>
              <Link to={paths.sellerDashboard()} className={tabLinkClass}>
                Seller Dashboard
              </Link>
            </TabLinks>
          }
        />
        <TabPanel idBase={ID_BASE} id={tab}>
          {tab === 'designs' && <MyDesignsPanel user={user} onUnauthorized={onUnauthorized} />}
          {tab === 'collections' && <MyCollectionsPanel onUnauthorized={onUnauthorized} />}
          {tab === 'liked' && <LikedDesignsPanel user={user} onUnauthorized={onUnauthorized} />}
        </TabPanel>
      </section>

      {/* The Edit Profile modal (docs/product.md#dashboard). */}
      <Dialog open={editing} onClose={() => setEditing(false)} title="Edit Profile">
        {(close) => <EditProfileForm user={user} onSaved={close} onCancel={close} />}
      </Dialog>
    </div>
  );
}

type PanelProps = { onUnauthorized(): void };

function MyDesignsPanel({ user, onUnauthorized }: PanelProps & { user: SessionUser }) {
  const query = useMyDesigns(user.id);
  useReportUnauthorized(query.error, onUnauthorized);
  return (
    <QueryDesignGrid
      query={query}
      label="My designs"
      empty="No designs uploaded yet."
      failure={FAILED_FETCH_MY_DESIGNS}
    />
  );
}

function MyCollectionsPanel({ onUnauthorized }: PanelProps) {
  const query = useMyCollections();
  useReportUnauthorized(query.error, onUnauthorized);
  return <MyCollectionsList query={query} />;
}

function LikedDesignsPanel({ user, onUnauthorized }: PanelProps & { user: SessionUser }) {
  const query = useLikedDesigns(user.username);
  useReportUnauthorized(query.error, onUnauthorized);
  return (
    <QueryDesignGrid
      query={query}
      label="Liked designs"
      empty="You have not liked any designs yet."
      failure={MSG.failedFetchDesigns}
    />
  );
}
