import { LEGAL_LAST_UPDATED } from '@printmarket/shared/constants';
import type { ReactNode } from 'react';
import { PageTitle } from '@/lib/page-head.tsx';
import styles from './LegalDocument.module.css';

export type LegalSection = { id: string; title: string; body: ReactNode };

/**
 * A legal text: title, date of the last change (if it has one), a table of contents (these pages
 * are long, and people usually look for one part) and the numbered sections.
 */
export function LegalDocument(props: {
  title: string;
  intro: ReactNode;
  sections: LegalSection[];
  /** Null for a page the terms' date does not cover (the copyright page). */
  lastUpdated?: string | null;
}) {
  const { lastUpdated = LEGAL_LAST_UPDATED } = props;
  return (
    <article className={styles.document} aria-labelledby="legal-title">
      <PageTitle>{`${props.title} · PrintMarket`}</PageTitle>
      <header className={styles.header}>
        <h1 id="legal-title" className={styles.title}>
          {props.title}
        </h1>
        {lastUpdated && <p className={styles.updated}>Last updated {lastUpdated}</p>}
      </header>

      <div className={styles.intro}>{props.intro}</div>

      <nav className={styles.contents} aria-labelledby="legal-contents">
        <h2 id="legal-contents" className={styles.contentsTitle}>
          Contents
        </h2>
        <ol>
          {props.sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.title}</a>
            </li>
          ))}
        </ol>
      </nav>

      {props.sections.map((section, i) => (
        <section
          key={section.id}
          id={section.id}
          className={styles.section}
          aria-labelledby={`${section.id}-title`}
        >
          <h2 id={`${section.id}-title`} className={styles.sectionTitle}>
            {i + 1}. {section.title}
          </h2>
          {section.body}
        </section>
      ))}
    </article>
  );
}
