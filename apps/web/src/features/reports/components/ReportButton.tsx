import type { ReportTargetType } from '@printmarket/shared/reports';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { Icon } from '@/components/ui/Icon.tsx';
import { paths } from '@/lib/paths.ts';
import styles from './ReportButton.module.css';

/**
 * The dialog brings the form libraries (react-hook-form, zod), which the design and profile pages
 * otherwise do without: its code is fetched when someone opens it, not with the page.
 */
const ReportDialog = lazy(() =>
  import('./ReportDialog.tsx').then((module) => ({ default: module.ReportDialog })),
);

type ReportButtonProps = {
  targetType: ReportTargetType;
  targetId: string;
  signedIn: boolean;
  className?: string;
};

/**
 * 'Report' (docs/product.md#design-page): opens the report dialog; visitors are sent to /signin.
 * Pages show it to everyone but the owner of what it reports.
 */
export function ReportButton({ targetType, targetId, signedIn, className = '' }: ReportButtonProps) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);

  const onClick = () => {
    if (!signedIn) {
      navigate(paths.signIn());
      return;
    }
    setOpen(true);
  };

  return (
    <>
      <button
        type="button"
        className={`${styles.report} ${className}`}
        aria-haspopup="dialog"
        onClick={onClick}
      >
        <FlagIcon />
        Report
      </button>
      {/* Mounted only while open: every opening starts with an empty form. */}
      {open && (
        <Suspense fallback={null}>
          <ReportDialog targetType={targetType} targetId={targetId} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

const FlagIcon = () => (
  <Icon size={16}>
    <path d="M4 15s1-1 4-1 5 2 8 2 4-1 4-1V3s-1 1-4 1-5-2-8-2-4 1-4 1z" />
    <path d="M4 22v-7" />
  </Icon>
);
