import { PLATFORM_FEE_PERCENT, PROVIDER_FEE_PERCENT } from '@printmarket/shared/constants';
import { CREATOR_SHARE_PERCENT } from '@printmarket/shared/money';
import { Link } from 'react-router';
import { useConfig } from '@/hooks/use-config.ts';
import { PageTitle } from '@/lib/page-head.tsx';
import { paths } from '@/lib/paths.ts';
import button from '@/styles/button.module.css';
import styles from './AboutPage.module.css';

/** /about: what PrintMarket is, for whom, and who runs it. */
export default function AboutPage() {
  const { data: config } = useConfig();
  return (
    <article className={styles.page} aria-labelledby="about-title">
      <PageTitle>About Us · PrintMarket</PageTitle>
      <header className={styles.hero}>
        <h1 id="about-title" className={styles.title}>
          About Us
        </h1>
        <p className={styles.lead}>
          PrintMarket is a marketplace and community for 3D-printable designs: the place where the people who
          design models and the people who print them find each other.
        </p>
      </header>

      <div className={styles.columns}>
        <section className={styles.card} aria-labelledby="about-creators">
          <h2 id="about-creators">For creators</h2>
          <p>
            Upload your STL models with photos and publish them for free, for a one-time price, or in
            collections that people buy once or subscribe to. Your public profile gathers your designs,
            collections and followers.
          </p>
          <p>
            When you sell, payments go through our card payment provider straight to your connected account.
            You keep {CREATOR_SHARE_PERCENT} percent of every sale; the rest is the platform fee of{' '}
            {PLATFORM_FEE_PERCENT} percent and the payment provider’s fee of {PROVIDER_FEE_PERCENT} percent.
          </p>
        </section>

        <section className={styles.card} aria-labelledby="about-makers">
          <h2 id="about-makers">For makers</h2>
          <p>
            Browse the newest, most popular and most downloaded designs, search designs and creators, and turn
            a model around in the 3D viewer before you download it. Like the designs you enjoy and follow the
            creators you want to hear from.
          </p>
          <p>
            Free designs are a click away; paid ones are priced in US dollars and, once bought, stay in My
            Purchases so you can download them again whenever you need another print.
          </p>
        </section>
      </div>

      <section className={styles.who} aria-labelledby="about-who">
        <h2 id="about-who">Who we are</h2>
        {config ? (
          <p>
            PrintMarket is run by {config.companyName}. Questions, ideas or a design you think we should see?
            Write to us at <a href={`mailto:${config.contactEmail}`}>{config.contactEmail}</a> or use the{' '}
            <Link to={paths.contact()}>contact page</Link>.
          </p>
        ) : (
          <p>
            Questions, ideas or a design you think we should see? Write to us through the{' '}
            <Link to={paths.contact()}>contact page</Link>.
          </p>
        )}
        <p>
          The rules we all play by are in our <Link to={paths.terms()}>Terms of Service</Link> and{' '}
          <Link to={paths.privacy()}>Privacy Policy</Link>.
        </p>
      </section>

      <div className={styles.actions}>
        <Link to={paths.home()} className={`${button.base} ${button.primary} ${button.large}`}>
          Browse designs
        </Link>
        <Link to={paths.upload()} className={`${button.base} ${button.secondary} ${button.large}`}>
          Upload a design
        </Link>
      </div>
    </article>
  );
}
