import { JOURNEY_PAGE_TEXT } from '../content/pages';

interface NextButtonProps {
  onClick: () => void;
  disabled?: boolean;
  /** Saving or loading: shows a spinner and sets aria-busy. */
  busy?: boolean;
  label?: string;
  describedBy?: string;
  variant?: 'primary' | 'secondary';
  type?: 'button' | 'submit';
}

/** The journey's Next/Continue button (spec 01 §4: shows a spinner and is disabled while loading). */
export function NextButton({ onClick, disabled = false, busy = false, label = JOURNEY_PAGE_TEXT.next, describedBy, variant = 'primary', type = 'button' }: NextButtonProps) {
  return (
    <button
      type={type}
      className={`journey-button journey-button--${variant}`}
      onClick={onClick}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      aria-describedby={describedBy}
    >
      {busy && <span className="journey-spinner" aria-hidden="true" />}
      <span>{label}</span>
    </button>
  );
}
