import { Link } from 'react-router';
import { useConfig } from '../../features/config/api/get-config.ts';
import styles from './Footer.module.css';

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
            <li>
              <Link to="/privacyPolicy">Privacy Policy</Link>
            </li>
            <li>
              <Link to="/termsofservice">Terms of Service</Link>
            </li>
            <li>
              <Link to="/contact">Contact Us</Link>
            </li>
            <li>
              <Link to="/report-bug">Report a Bug</Link>
            </li>
            <li>
              <Link to="/about">About Us</Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
