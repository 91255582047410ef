import { LegalPage } from '@/features/legal/components/LegalPage.tsx';
import { PrivacyIntro, privacySections } from '@/features/legal/content/privacy.tsx';

/**
 * /privacyPolicy (and /privacypolicy). The older client left the company name, contact address and
 * server location blank; here they come from the server's configuration.
 */
export default function PrivacyPage() {
  return <LegalPage title="Privacy Policy" intro={PrivacyIntro} sections={privacySections} />;
}
