import type { PublicConfig } from '@printmarket/shared/types';
import type { ComponentType } from 'react';
import { useConfig } from '@/hooks/use-config.ts';
import { LegalDocument, type LegalSection } from './LegalDocument.tsx';
import { LegalStatus } from './LegalStatus.tsx';

type LegalPageProps = {
  title: string;
  intro: ComponentType<PublicConfig>;
  sections: (config: PublicConfig) => LegalSection[];
  lastUpdated?: string | null;
};

/**
 * A legal page whose text names this installation (company, contact address, server location):
 * loading or failure until the server's configuration has arrived, then the document.
 */
export function LegalPage({ title, intro: Intro, sections, lastUpdated }: LegalPageProps) {
  const config = useConfig();
  if (!config.data) {
    return (
      <LegalStatus
        title={title}
        failed={config.isError}
        error={config.error}
        onRetry={() => config.refetch()}
      />
    );
  }
  return (
    <LegalDocument
      title={title}
      intro={<Intro {...config.data} />}
      sections={sections(config.data)}
      lastUpdated={lastUpdated}
    />
  );
}
