import { ACCOUNT_DELETION_EFFECTS } from '@printmarket/shared/account-deletion';
import type { PublicConfig } from '@printmarket/shared/types';
import { Link } from 'react-router';
import type { LegalSection } from '@/features/legal/components/LegalDocument.tsx';
import { paths } from '@/lib/paths.ts';

type Installation = Pick<PublicConfig, 'companyName' | 'contactEmail' | 'serverLocation'>;

export function PrivacyIntro({ companyName }: Installation) {
  return (
    <p>
      This Privacy Policy explains what information {companyName} (“we”, “us”) collects when you use
      PrintMarket, why we collect it, who we share it with and the choices you have. We collect only what we
      need to run the marketplace, and we do not sell your personal information.
    </p>
  );
}

export function privacySections({ companyName, contactEmail, serverLocation }: Installation): LegalSection[] {
  const mail = <a href={`mailto:${contactEmail}`}>{contactEmail}</a>;
  return [
    {
      id: 'what-you-give-us',
      title: 'Information you give us',
      body: (
        <ul>
          <li>
            <strong>Account:</strong> your username, full name, email address and password. We store the
            password only in a one-way hashed form, never as you typed it. If you sign in with Google, Google
            tells us your name and email address.
          </li>
          <li>
            <strong>Profile:</strong> the bio, location, profile picture, banner and social links you choose
            to add.
          </li>
          <li>
            <strong>Content:</strong> the designs, files, photos, descriptions and collections you upload.
          </li>
          <li>
            <strong>Messages:</strong> what you write to us, for example through the contact or bug report
            pages.
          </li>
        </ul>
      ),
    },
    {
      id: 'what-we-collect',
      title: 'Information collected as you use PrintMarket',
      body: (
        <ul>
          <li>
            <strong>Purchases:</strong> what you bought or subscribed to, when, and the price. Card details go
            directly to our card payment provider; we receive only a confirmation and a reference, never your
            full card number.
          </li>
          <li>
            <strong>Activity:</strong> the designs you like, the people you follow, and the views and
            downloads that make up the counters shown on designs.
          </li>
          <li>
            <strong>Technical data:</strong> our servers record basic details of each request, such as its
            time, the page or file requested, your IP address and browser type. We use these to keep the
            service running and secure.
          </li>
        </ul>
      ),
    },
    {
      id: 'storage-in-your-browser',
      title: 'Cookies and browser storage',
      body: (
        <p>
          To keep you signed in, we store your sign-in token and user id in your browser’s local storage;
          signing out removes them. During Google sign-in we set one short-lived cookie that protects the
          sign-in against forgery. We do not use advertising cookies or third-party trackers.
        </p>
      ),
    },
    {
      id: 'how-we-use-it',
      title: 'How we use your information',
      body: (
        <>
          <ul>
            <li>
              to run PrintMarket: your account, your profile, publishing designs, downloads and the 3D viewer;
            </li>
            <li>to process purchases and subscriptions and to pay creators;</li>
            <li>to protect accounts and the service, for example by limiting repeated sign-in attempts;</li>
            <li>
              to answer your messages and tell you about your account, purchases and changes to our terms;
            </li>
            <li>to meet our legal, tax and accounting obligations.</li>
          </ul>
          <p>We do not sell your personal information or use it for targeted advertising.</p>
        </>
      ),
    },
    {
      id: 'what-is-public',
      title: 'What other people can see',
      body: (
        <p>
          Your username, profile (bio, location, pictures, social links), published designs and public
          collections, and your follower and design counts are public. Your email address, your purchases and
          your password are never shown to other users.
        </p>
      ),
    },
    {
      id: 'sharing',
      title: 'Who we share it with',
      body: (
        <ul>
          <li>
            <strong>Our card payment provider</strong>, to take payments and to pay creators. Sellers give
            their identity and bank details to the provider directly when they connect a payout account.
          </li>
          <li>
            <strong>Service providers</strong> that host and store PrintMarket’s data for us and may use it
            only for that purpose.
          </li>
          <li>
            <strong>Google</strong>, only if you choose to sign in with Google.
          </li>
          <li>
            <strong>Authorities</strong>, when the law requires it, or to protect people from harm.
          </li>
          <li>
            <strong>A new owner</strong>, if PrintMarket is sold or merged; we will tell you before your
            information becomes subject to a different privacy policy.
          </li>
        </ul>
      ),
    },
    {
      id: 'location',
      title: 'Where your information is stored',
      body: (
        <p>
          Our servers are located in {serverLocation}. If you use PrintMarket from somewhere else, your
          information is transferred to and processed in {serverLocation}.
        </p>
      ),
    },
    {
      id: 'retention',
      title: 'How long we keep it',
      body: (
        <>
          <p>
            We keep your account information for as long as your account exists. You can delete your account
            yourself at any time, under{' '}
            <Link to={paths.settings({ tab: 'security' })}>Settings › Security</Link>, after confirming with
            your password (or, for an account that signs in with Google, your username). Deleting it does
            exactly this:
          </p>
          <ul>
            {ACCOUNT_DELETION_EFFECTS.map((effect) => (
              <li key={effect}>{effect}</li>
            ))}
          </ul>
          <p>
            We keep the records of your purchases and sales, which tax and accounting law requires, without
            your email address or profile, and server logs, which we keep only for a short time for security.
          </p>
        </>
      ),
    },
    {
      id: 'security',
      title: 'Security',
      body: (
        <p>
          We protect your information with hashed passwords, limited access and encrypted connections, and
          signing out revokes your sign-in token on our servers. No system is perfectly secure; if we learn of
          a breach that affects your information, we will tell you as the law requires.
        </p>
      ),
    },
    {
      id: 'your-rights',
      title: 'Your choices and rights',
      body: (
        <>
          <p>
            You can view and change your profile at any time from your{' '}
            <Link to={paths.dashboard()}>dashboard</Link>. Under{' '}
            <Link to={paths.settings({ tab: 'security' })}>Settings › Security</Link>, “Download my data”
            gives you at once a copy of what we hold about you in a JSON file: your profile, your designs
            (their details and file names), collections, likes, follows, purchases, sales and preferences; and
            “Delete my account” deletes it as described above. Under Settings › Preferences you choose which
            notification emails you get (each also has a link to turn it off); security emails, such as a
            password reset, always go. You may also ask us for a copy of your personal information, or ask us
            to correct or delete it, by writing to {mail}. We will answer promptly, and always within the time
            the law allows.
          </p>
          <p>
            If you live in California, you have the right to know what personal information we collect and how
            we use it, to have it corrected or deleted, and not to be treated differently for using these
            rights. We do not sell or share personal information for cross-context behavioural advertising.
          </p>
        </>
      ),
    },
    {
      id: 'age',
      title: 'Age',
      body: (
        <p>
          This policy is written for users aged 18 and over. As our{' '}
          <Link to={paths.terms()}>Terms of Service</Link> explain, people aged 13 to 17 may use PrintMarket
          only with a parent’s or guardian’s permission, and that parent or guardian should read this policy.
          We do not knowingly collect personal information from children under 13; if you believe a child has
          given us information, write to {mail} and we will delete it.
        </p>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to this policy',
      body: (
        <p>
          When we change this policy we update the date at the top of this page, and we tell you about
          significant changes on the site or by email before they apply.
        </p>
      ),
    },
    {
      id: 'contact',
      title: 'Contact',
      body: (
        <p>
          Questions or requests about your privacy? Write to {companyName} at {mail}.
        </p>
      ),
    },
  ];
}
