import type { ReactNode } from 'react';
import { LEGAL_LAST_UPDATED } from '@siplog/contracts';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import './legal.css';

interface LegalDocumentProps {
  title: string;
  intro: ReactNode;
  /** The sections' ids and titles, for the table of contents. */
  sections: ReadonlyArray<{ id: string; title: string }>;
  /** The numbered sections themselves. */
  children: ReactNode;
}

/** The frame of a legal page: title, last-updated date, introduction and contents, then the sections. */
export function LegalDocument({ title, intro, sections, children }: LegalDocumentProps) {
  useDocumentTitle(title);
  return (
    <div className="legal-page">
      <article className="legal-article">
        <header className="legal-header">
          <h1 className="legal-title">{title}</h1>
          <p className="legal-updated">Last updated: {LEGAL_LAST_UPDATED}</p>
          <p className="legal-intro">{intro}</p>
        </header>

        <nav className="legal-toc" aria-label="Contents">
          <h2 className="legal-toc-title">Contents</h2>
          <ol className="legal-toc-list">
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>

        {children}
      </article>
    </div>
  );
}
