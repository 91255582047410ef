import { useConfig } from '../../config/api/get-config.ts';
import { LegalDocument } from '../components/LegalDocument.tsx';
import { LegalStatus } from '../components/LegalStatus.tsx';
import { PrivacyIntro, privacySections } from '../content/privacy.tsx';

const TITLE = 'Privacy Policy';

/**
 * /privacyPolicy (and /privacypolicy). The older client left the company name, contact address and
 * server location blank; here they come from the server's configuration.
 */
export default function PrivacyPage() {
  const config = useConfig();
  if (!config.data) {
    return (
      <LegalStatus
        title={TITLE}
        failed={config.isError}
        error={config.error}
        onRetry={() => config.refetch()}
      />
    );
  }
  return (
    <LegalDocument
      title={TITLE}
      intro={<PrivacyIntro {...config.data} />}
      sections={privacySections(config.data)}
    />
  );
}
