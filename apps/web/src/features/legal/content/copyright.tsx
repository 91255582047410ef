import type { PublicConfig } from '@printmarket/shared/types';
import type { LegalSection } from '@/features/legal/components/LegalDocument.tsx';

type Company = Pick<PublicConfig, 'companyName' | 'contactEmail'>;

export function CopyrightIntro({ companyName }: Company) {
  return (
    <p>
      {companyName} (“we”, “us”) runs PrintMarket, and we respect the rights of creators: the people who
      publish their designs here, and everyone else. If something on PrintMarket copies your work without your
      permission, tell us and we will look at it. This page says how to report it, what happens next, and how
      the person who uploaded it can answer.
    </p>
  );
}

export function copyrightSections({ contactEmail }: Company): LegalSection[] {
  const mail = <a href={`mailto:${contactEmail}`}>{contactEmail}</a>;
  return [
    {
      id: 'how-to-report',
      title: 'How to report',
      body: (
        <>
          <p>There are two ways:</p>
          <ul>
            <li>
              If you have an account, sign in and use the <strong>Report</strong> button on the design,
              collection or profile page. Choose copyright infringement as the reason, and in the details name
              the original work and where it is.
            </li>
            <li>Or send a written notice, as described below, to {mail}.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'notice',
      title: 'What a written notice must contain',
      body: (
        <>
          <p>So that we can act on it, your notice must include:</p>
          <ul>
            <li>identification of the copyrighted work you say is infringed;</li>
            <li>the address (URL) of the material on PrintMarket that you say infringes it;</li>
            <li>your contact details: name, postal address, telephone number and email address;</li>
            <li>
              a statement that you believe in good faith that the use of the material is not authorised by the
              copyright owner, its agent or the law;
            </li>
            <li>
              a statement that the information in the notice is accurate and that you are the copyright owner
              or are authorised to act for the owner;
            </li>
            <li>your physical or electronic signature.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'what-happens',
      title: 'What happens next',
      body: (
        <>
          <p>
            One of our operators reviews every report and notice. If the claim holds, we may take the design
            down: it then disappears for everyone but its owner. We tell the person who uploaded it that it
            was taken down, and why.
          </p>
          <p>We may suspend the accounts of people who infringe others’ rights repeatedly.</p>
        </>
      ),
    },
    {
      id: 'counter-notice',
      title: 'Counter-notice',
      body: (
        <>
          <p>
            If a design of yours was taken down and you believe that was a mistake, you may reply once, from
            the design’s page, or write to {mail}. Your counter-notice must include:
          </p>
          <ul>
            <li>identification of the material that was removed and where it appeared on PrintMarket;</li>
            <li>
              a statement, under penalty of perjury, that you believe in good faith the material was removed
              by mistake or because it was misidentified;
            </li>
            <li>
              your name and address, and a statement that you consent to the jurisdiction of the courts for
              your address;
            </li>
            <li>your physical or electronic signature.</li>
          </ul>
          <p>An operator reviews the counter-notice, and the material may be restored.</p>
        </>
      ),
    },
  ];
}
