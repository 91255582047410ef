import { SupportPage } from '@/features/support/components/SupportPage.tsx';

export default function ReportBugPage() {
  return (
    <SupportPage
      title="Report a Bug"
      subject="Bug report"
      action="Report a bug by e-mail"
      intro={
        <>
          <p>Something not working as it should? Thank you for telling us.</p>
          <p>
            Please describe what you did, what you expected and what happened instead. The page address, your
            browser and a screenshot help us find the problem quickly.
          </p>
        </>
      }
    />
  );
}
