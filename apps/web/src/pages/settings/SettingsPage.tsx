import { type ReactNode, useCallback, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { NotAuthorized } from '@/components/ui/NotAuthorized.tsx';
import { TabList, TabPanel } from '@/components/ui/Tabs.tsx';
import { searchWithTab, tabFromAddress } from '@/components/ui/tabs.ts';
import { NotificationSettingsPanel } from '@/features/notifications/components/NotificationSettingsPanel.tsx';
import { PreferencesPanel } from '@/features/preferences/components/PreferencesForm.tsx';
import { ChangeEmailForm } from '@/features/settings/components/ChangeEmailForm.tsx';
import { ChangePasswordForm } from '@/features/settings/components/ChangePasswordForm.tsx';
import { DeleteAccountSection } from '@/features/settings/components/DeleteAccountSection.tsx';
import { DownloadDataButton } from '@/features/settings/components/DownloadDataButton.tsx';
import { EditProfileForm } from '@/features/users/components/EditProfileForm.tsx';
import { PageTitle } from '@/lib/page-head.tsx';
import { useSession } from '@/lib/session/session.tsx';
import { BillingPanel } from './BillingPanel.tsx';
import styles from './SettingsPage.module.css';

/** The four tabs of docs/product.md#settings, Profile first (the default). */
const TABS = [
  { id: 'profile', label: 'Profile' },
  { id: 'preferences', label: 'Preferences' },
  { id: 'security', label: 'Security' },
  { id: 'billing', label: 'Billing' },
] as const;
type SettingsTab = (typeof TABS)[number]['id'];

const ID_BASE = 'settings';

/** Settings (/settings, behind the sign-in guard; docs/product.md#settings). */
export default function SettingsPage() {
  const { user } = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = tabFromAddress(searchParams.get('tab'), TABS);
  // Set when the API answers 401 (the session ended on the server, e.g. it expired).
  const [unauthorized, setUnauthorized] = useState(false);
  const onUnauthorized = useCallback(() => setUnauthorized(true), []);

  const selectTab = (id: SettingsTab) =>
    setSearchParams(searchWithTab(searchParams, id, TABS), { replace: true });

  if (unauthorized) return <NotAuthorized />;
  if (!user) return null;
  return (
    <div className={styles.page}>
      <PageTitle>Settings · PrintMarket</PageTitle>
      <h1 className={styles.heading}>Settings</h1>
      <TabList label="Settings sections" idBase={ID_BASE} tabs={TABS} selected={tab} onSelect={selectTab} />
      <TabPanel idBase={ID_BASE} id={tab}>
        {tab === 'profile' && (
          <Section title="Profile" text="How others see you on your profile and next to your designs.">
            <EditProfileForm user={user} successMessage="Profile updated." />
          </Section>
        )}
        {tab === 'preferences' && (
          <div className={styles.sections}>
            <Section title="Preferences" text="Choices that follow you to every browser you sign in with.">
              <PreferencesPanel onUnauthorized={onUnauthorized} />
            </Section>
            <Section title="Email notifications" text="Which emails we send you. A change is saved at once.">
              <NotificationSettingsPanel onUnauthorized={onUnauthorized} />
            </Section>
          </div>
        )}
        {tab === 'security' && (
          // Several panels in one tab (as in Preferences): spaced as the page spaces its parts.
          <div className={styles.sections}>
            <Section
              title="Change email address"
              text="We send a link to the new address; your address changes when you open it."
            >
              <ChangeEmailForm currentEmail={user.email} onUnauthorized={onUnauthorized} />
            </Section>
            <Section title="Change password" text="Enter your current password, then the new one twice.">
              <ChangePasswordForm onUnauthorized={onUnauthorized} personal={[user.username, user.email]} />
            </Section>
            <Section
              title="Your data"
              text="Download a copy of your profile, designs, collections, likes, follows, purchases and sales as a JSON file."
            >
              <DownloadDataButton />
            </Section>
            <Section title="Delete account" text="Deleting your account is permanent. This is what it does:">
              <DeleteAccountSection onUnauthorized={onUnauthorized} />
            </Section>
          </div>
        )}
        {tab === 'billing' && <BillingPanel />}
      </TabPanel>
    </div>
  );
}

function Section({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <header className={styles.sectionHeader}>
        <h2 id={titleId} className={styles.sectionTitle}>
          {title}
        </h2>
        <p className={styles.sectionText}>{text}</p>
      </header>
      {children}
    </section>
  );
}
