import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import styles from './Button.module.css';

/** primary: the main action; secondary: dark outline; outline: blue outline; quiet: text-like; inverse: white, for dark backgrounds. */
export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'quiet' | 'inverse';
export type ButtonSize = 'small' | 'medium' | 'large';

/** Class names of a button, for links that should look like one (`<Link className={buttonClassName(...)}>`). */
export function buttonClassName(variant: ButtonVariant = 'primary', size: ButtonSize = 'medium', extra?: string): string {
  return [styles.button, variant !== 'primary' && styles[variant], size !== 'medium' && styles[size], extra].filter(Boolean).join(' ');
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner and disables the button while work is under way (spec 01 §4 "Next shows a spinner"). */
  busy?: boolean;
  /**
   * While busy, the button keeps its focus: aria-disabled instead of disabled (which would drop
   * the focus of whoever just pressed it, a Try again pressed with the keyboard), and clicks do nothing.
   */
  keepFocusWhileBusy?: boolean;
  ref?: Ref<HTMLButtonElement>;
  children: ReactNode;
}

export function Button({ variant = 'primary', size = 'medium', busy = false, keepFocusWhileBusy = false, disabled, className, children, type = 'button', onClick, ...rest }: ButtonProps) {
  const focusableBusy = busy && keepFocusWhileBusy;
  return (
    <button
      {...rest}
      type={type}
      className={buttonClassName(variant, size, className)}
      disabled={disabled || (busy && !keepFocusWhileBusy)}
      aria-disabled={focusableBusy || rest['aria-disabled']}
      aria-busy={busy || undefined}
      onClick={focusableBusy ? (event) => event.preventDefault() : onClick}
    >
      {busy && <span className={styles.spinner} aria-hidden="true" />}
      {children}
    </button>
  );
}
