import { OPERATORS_ONLY } from '@printmarket/shared/admin';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { NotAuthorized } from '@/components/ui/NotAuthorized.tsx';
import { StatusPage } from '@/components/ui/StatusPage.tsx';
import { TabList, TabPanel } from '@/components/ui/Tabs.tsx';
import { searchWithTab, tabFromAddress } from '@/components/ui/tabs.ts';
import { AuditLogPanel } from '@/features/admin/components/AuditLogPanel.tsx';
import { PeoplePanel } from '@/features/admin/components/PeoplePanel.tsx';
import { PurchasesPanel } from '@/features/admin/components/PurchasesPanel.tsx';
import { ReportsPanel } from '@/features/admin/components/ReportsPanel.tsx';
import { TakenDownPanel } from '@/features/admin/components/TakenDownPanel.tsx';
import { PageTitle } from '@/lib/page-head.tsx';
import { useSession } from '@/lib/session/session.tsx';
import styles from './AdminPage.module.css';

/** The tabs of docs/product.md#operator-console, Reports first (the default). */
const TABS = [
  { id: 'reports', label: 'Reports' },
  { id: 'taken-down', label: 'Taken down' },
  { id: 'people', label: 'People' },
  { id: 'purchases', label: 'Purchases' },
  { id: 'audit', label: 'Audit log' },
] as const;
type AdminTab = (typeof TABS)[number]['id'];

const ID_BASE = 'admin';
const TITLE = 'Operator console · PrintMarket';

/**
 * The operators' console (/admin, behind the sign-in guard; docs/product.md#operator-console). The
 * server refuses its calls to everyone else; a member who is not an operator is told so at once.
 */
export default function AdminPage() {
  const { user } = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = tabFromAddress(searchParams.get('tab'), TABS);
  // Set when the API answers 401 (the session ended on the server, e.g. it expired).
  const [unauthorized, setUnauthorized] = useState(false);
  const onUnauthorized = useCallback(() => setUnauthorized(true), []);

  const selectTab = (id: AdminTab) =>
    setSearchParams(searchWithTab(searchParams, id, TABS), { replace: true });

  if (unauthorized) return <NotAuthorized />;
  if (!user) return null;
  if (!user.isAdmin) {
    return (
      <StatusPage code="403" title={OPERATORS_ONLY}>
        <PageTitle>{TITLE}</PageTitle>
      </StatusPage>
    );
  }
  return (
    <div className={styles.page}>
      <PageTitle>{TITLE}</PageTitle>
      <h1 className={styles.heading}>Operator console</h1>
      <TabList label="Console sections" idBase={ID_BASE} tabs={TABS} selected={tab} onSelect={selectTab} />
      <TabPanel idBase={ID_BASE} id={tab}>
        {tab === 'reports' && <ReportsPanel onUnauthorized={onUnauthorized} />}
        {tab === 'taken-down' && <TakenDownPanel onUnauthorized={onUnauthorized} />}
        {tab === 'people' && <PeoplePanel onUnauthorized={onUnauthorized} />}
        {tab === 'purchases' && <PurchasesPanel onUnauthorized={onUnauthorized} />}
        {tab === 'audit' && <AuditLogPanel onUnauthorized={onUnauthorized} />}
      </TabPanel>
    </div>
  );
}
