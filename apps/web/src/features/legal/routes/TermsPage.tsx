import { LegalPage } from '@/features/legal/components/LegalPage.tsx';
import { TermsIntro, termsSections } from '@/features/legal/content/terms.tsx';

/** /termsofservice. The company and contact address come from the server's configuration. */
export default function TermsPage() {
  return <LegalPage title="Terms of Service" intro={TermsIntro} sections={termsSections} />;
}
