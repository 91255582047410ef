import { useConfig } from '../../config/api/get-config.ts';
import { LegalDocument } from '../components/LegalDocument.tsx';
import { LegalStatus } from '../components/LegalStatus.tsx';
import { TermsIntro, termsSections } from '../content/terms.tsx';

const TITLE = 'Terms of Service';

/** /termsofservice. The company and contact address come from the server's configuration. */
export default function TermsPage() {
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
      intro={<TermsIntro {...config.data} />}
      sections={termsSections(config.data)}
    />
  );
}
