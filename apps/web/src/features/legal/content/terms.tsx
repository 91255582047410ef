import { PLATFORM_FEE_PERCENT, PROVIDER_FEE_PERCENT } from '@printmarket/shared/constants';
import { CREATOR_SHARE_PERCENT, feeSplit, formatCents } from '@printmarket/shared/money';
import type { PublicConfig } from '@printmarket/shared/types';
import { Link } from 'react-router';
import type { LegalSection } from '@/features/legal/components/LegalDocument.tsx';
import { paths } from '@/lib/paths.ts';

type Company = Pick<PublicConfig, 'companyName' | 'contactEmail'>;

/** The worked example of the fee split; computed, so it can never disagree with the percentages. */
const example = feeSplit(1000);

export function TermsIntro({ companyName }: Company) {
  return (
    <>
      <p>
        These Terms of Service (the “Terms”) are an agreement between you and {companyName} (“we”, “us”),
        which runs PrintMarket, a marketplace for 3D-printable designs. They apply whenever you use
        PrintMarket, whether you browse, buy or sell. By creating an account or using the service you accept
        these Terms; if you do not accept them, please do not use PrintMarket.
      </p>
      <p>
        We have tried to write them plainly. In short: creators keep ownership of their work, prices are in US
        dollars, all sales are final, subscriptions renew until you cancel them, and if we disagree about
        something we talk first.
      </p>
    </>
  );
}

export function termsSections({ companyName, contactEmail }: Company): LegalSection[] {
  const mail = <a href={`mailto:${contactEmail}`}>{contactEmail}</a>;
  return [
    {
      id: 'eligibility',
      title: 'Who may use PrintMarket',
      body: (
        <p>
          You must be at least 13 years old to use PrintMarket. If you are under 18, you may use it only with
          the permission of a parent or legal guardian, who accepts these Terms for you and is responsible for
          your use of the service, including any purchases.
        </p>
      ),
    },
    {
      id: 'accounts',
      title: 'Your account',
      body: (
        <>
          <p>
            You can sign up with an email address and password or with a Google account. Give accurate
            information, keep your password to yourself and tell us at once at {mail} if you think someone
            else has used your account. You are responsible for what happens under your account.
          </p>
          <p>Your username appears publicly on your profile and on every design you publish.</p>
        </>
      ),
    },
    {
      id: 'designers-and-makers',
      title: 'Designers and makers',
      body: (
        <>
          <p>PrintMarket brings together two kinds of people, and you can be both:</p>
          <ul>
            <li>
              <strong>Designers</strong> upload 3D models (STL files) with photos and publish them for free,
              for a one-time price, or in collections that are free, sold once or sold by subscription.
            </li>
            <li>
              <strong>Makers</strong> browse and search designs, view models in the online 3D viewer, like
              designs, follow creators, and buy and download files to print.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'your-content',
      title: 'Your content',
      body: (
        <>
          <p>
            You keep ownership of the designs, photos and text you upload. By uploading them you give us a
            worldwide, non-exclusive, royalty-free licence to store, copy, display and deliver them as needed
            to run PrintMarket: showing them on the site, making preview images, and delivering files to the
            people who are allowed to download them. The licence ends when you delete the content, except for
            copies that others have already downloaded or bought and for backups we keep for a limited time.
          </p>
          <p>
            You confirm that you own, or have permission to publish, everything you upload, and that it does
            not infringe anyone else’s rights or break the law. Adult content must be published in the NSFW
            category. We may remove content that breaks these Terms. To report content that infringes your
            rights, write to {mail}.
          </p>
        </>
      ),
    },
    {
      id: 'buying',
      title: 'Buying designs and collections',
      body: (
        <>
          <p>
            Prices are set by the creators and are shown and charged in US dollars. Sales tax may be added at
            checkout where it applies. Payments are handled by our card payment provider; we never see or
            store your full card number.
          </p>
          <p>
            Once your payment is confirmed, the design or collection appears in{' '}
            <Link to={paths.myPurchases()}>My Purchases</Link> and you can download its files. Each design’s
            page shows the licence it comes with; buying a design lets you download and use its files under
            that licence and does not transfer ownership of the design.
          </p>
        </>
      ),
    },
    {
      id: 'no-refunds',
      title: 'All sales are final',
      body: (
        <p>
          All sales are final. Digital files can be downloaded the moment they are paid for, so we do not
          offer refunds, returns or exchanges for designs, collections or subscriptions, including for the
          unused part of a subscription term. This does not take away any right you have under a law that
          cannot be waived by agreement.
        </p>
      ),
    },
    {
      id: 'subscriptions',
      title: 'Subscriptions',
      body: (
        <>
          <p>
            Some creators offer collections by subscription, billed monthly or annually as you choose at
            checkout. A subscription renews automatically at the end of each billing period, and your payment
            method is charged for the next period, until you cancel it.
          </p>
          <p>
            You can cancel at any time from <Link to={paths.myPurchases()}>My Purchases</Link>. Cancellation
            takes effect at the end of the current paid term: you keep access until then and are not charged
            again.
          </p>
        </>
      ),
    },
    {
      id: 'selling',
      title: 'Selling and fees',
      body: (
        <>
          <p>
            To sell, a designer connects a payout account with our card payment provider and accepts that
            provider’s terms. Creators choose their own prices. For every sale:
          </p>
          <ul>
            <li>a platform fee of {PLATFORM_FEE_PERCENT} percent of the price goes to PrintMarket;</li>
            <li>a payment-provider fee of {PROVIDER_FEE_PERCENT} percent goes to the payment provider;</li>
            <li>the rest, {CREATOR_SHARE_PERCENT} percent, goes to the creator.</li>
          </ul>
          <p>
            For example, on a {formatCents(example.priceCents)} sale the platform fee is{' '}
            {formatCents(example.platformCents)}, the provider fee is {formatCents(example.providerCents)} and
            the creator receives {formatCents(example.creatorCents)}. Payouts are made by the payment provider
            to the connected account on its schedule. Creators are responsible for their own taxes on their
            earnings.
          </p>
        </>
      ),
    },
    {
      id: 'acceptable-use',
      title: 'Acceptable use',
      body: (
        <>
          <p>When you use PrintMarket, please do not:</p>
          <ul>
            <li>
              upload content you have no right to publish, or content that is illegal, hateful or deceptive;
            </li>
            <li>share or resell files you bought in a way their licence does not allow;</li>
            <li>try to get files you have not paid for, or get into other people’s accounts;</li>
            <li>inflate views, likes, follows or downloads, or interfere with how the service works;</li>
            <li>upload malware, or scrape or overload the service;</li>
            <li>harass other people or pretend to be someone else.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'printing',
      title: 'Printing is at your own risk',
      body: (
        <p>
          Designs are made by PrintMarket’s users, not by us. We do not test them for safety, accuracy or
          fitness for any purpose. Printed objects can fail, break or have sharp edges: do not rely on a
          printed part where a failure could hurt someone, and keep small parts away from young children.
        </p>
      ),
    },
    {
      id: 'ending',
      title: 'Ending your use',
      body: (
        <p>
          You may stop using PrintMarket at any time, and delete your account yourself under{' '}
          <Link to={paths.settings({ tab: 'security' })}>Settings › Security</Link> (our{' '}
          <Link to={paths.privacy()}>Privacy Policy</Link> says what deleting it does). We may suspend or
          close an account that breaks these Terms or puts other people at risk. The sections on your content,
          fees already due, disclaimers, liability and disputes continue to apply after an account is closed.
        </p>
      ),
    },
    {
      id: 'disclaimers',
      title: 'Disclaimers',
      body: (
        <p>
          We work to keep PrintMarket available and correct, but the service is provided “as is” and “as
          available”. To the extent the law allows, we make no warranties, express or implied, including
          warranties of merchantability, fitness for a particular purpose and non-infringement.
        </p>
      ),
    },
    {
      id: 'liability',
      title: 'Limitation of liability',
      body: (
        <p>
          To the fullest extent the law allows, {companyName} is not liable for indirect, incidental, special,
          consequential or punitive damages, or for lost profits, data or goodwill. Our total liability for
          any claim relating to PrintMarket is limited to the amount you paid us in the 6 months before the
          event that gave rise to the claim.
        </p>
      ),
    },
    {
      id: 'disputes',
      title: 'Disputes',
      body: (
        <>
          <p>
            If you have a dispute with us, please write to {mail} first, describing the problem and what you
            are asking for. Both of us will try in good faith to settle it informally for at least 30 days
            before either of us starts a formal proceeding.
          </p>
          <p>
            If we cannot settle it, the dispute will be decided by binding arbitration held in a county in
            California, on an individual basis, rather than in court; either of us may still bring an
            individual claim in small-claims court. Any claim must be started within 1 year after it arose, or
            it is barred.
          </p>
        </>
      ),
    },
    {
      id: 'governing-law',
      title: 'Governing law',
      body: (
        <p>
          These Terms are governed by the laws of the State of California, without regard to its rules on
          conflicts of law.
        </p>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to these Terms',
      body: (
        <p>
          We may update these Terms. When we do, we change the date at the top of this page, and we tell you
          about significant changes on the site or by email before they apply. If you keep using PrintMarket
          after that, the new Terms apply to you.
        </p>
      ),
    },
    {
      id: 'contact',
      title: 'Contact',
      body: (
        <p>
          Questions about these Terms? Write to {companyName} at {mail}, or use our{' '}
          <Link to={paths.contact()}>contact page</Link>.
        </p>
      ),
    },
  ];
}
