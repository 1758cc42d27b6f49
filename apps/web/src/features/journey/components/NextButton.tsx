import { JOURNEY_PAGE_TEXT } from '../content/pages';
import { JourneyButton, type JourneyButtonVariant } from './JourneyButton';

interface NextButtonProps {
  onClick: () => void;
  disabled?: boolean;
  /** Saving or loading: shows a spinner and sets aria-busy. */
  busy?: boolean;
  label?: string;
  describedBy?: string;
  variant?: JourneyButtonVariant;
  type?: 'button' | 'submit';
}

/**
 * The journey's Next/Continue button (spec 01 §4: shows a spinner and is disabled while loading).
 * Busy, it is disabled for assistive technology and clicks alike but keeps the focus, so a
 * keyboard user is not dropped to the page's start while it saves (WCAG 2.4.3).
 */
export function NextButton({ onClick, disabled = false, busy = false, label = JOURNEY_PAGE_TEXT.next, describedBy, variant = 'primary', type = 'button' }: NextButtonProps) {
  return (
    <JourneyButton type={type} variant={variant} onClick={onClick} disabled={disabled} busy={busy} keepFocusWhileBusy aria-describedby={describedBy}>
      {label}
    </JourneyButton>
  );
}
