import { Link } from 'react-router';
import { useConfig } from '@/hooks/use-config.ts';
import { paths } from '@/lib/paths.ts';
import styles from './Footer.module.css';

const LINKS = [
  [paths.privacy(), 'Privacy Policy'],
  [paths.terms(), 'Terms of Service'],
  [paths.copyright(), 'Copyright'],
  [paths.contact(), 'Contact Us'],
  [paths.reportBug(), 'Report a Bug'],
  [paths.about(), 'About Us'],
] as const;

export function Footer() {
  const { data: config } = useConfig();
  const year = new Date().getFullYear();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        {/* The company name comes from the server's configuration; until it arrives, the year alone. */}
        <p className={styles.copyright}>
          © {year}
          {config?.companyName ? ` ${config.companyName}` : ''}
        </p>
        <nav aria-label="Footer">
          <ul className={styles.links}>
            {LINKS.map(([to, text]) => (
              <li key={to}>
                <Link to={to}>{text}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
