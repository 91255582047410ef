import { LegalPage } from '@/features/legal/components/LegalPage.tsx';
import { CopyrightIntro, copyrightSections } from '@/features/legal/content/copyright.tsx';

/**
 * /copyright: how rights holders report an infringement and how an uploader answers. The contact
 * address comes from the server's configuration; the terms' date does not cover this page.
 */
export default function CopyrightPage() {
  return (
    <LegalPage
      title="Copyright and takedown notices"
      intro={CopyrightIntro}
      sections={copyrightSections}
      lastUpdated={null}
    />
  );
}
