import button from '@/styles/button.module.css';

type RetryButtonProps = {
  /** True while the request is asked again; the button waits meanwhile. */
  retrying: boolean;
  onRetry(): void;
  className?: string;
};

/** Asks again for something that failed to load. */
export function RetryButton({ retrying, onRetry, className }: RetryButtonProps) {
  return (
    <button
      type="button"
      className={`${button.base} ${button.secondary} ${className ?? ''}`}
      disabled={retrying}
      onClick={onRetry}
    >
      {retrying ? 'Trying again...' : 'Try again'}
    </button>
  );
}
