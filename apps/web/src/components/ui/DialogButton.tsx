import { Suspense, useRef, useState, type ReactNode } from 'react';
import { Button, type ButtonProps } from './Button';

/** Gives focus back to the button when its dialog closes: pass it as the DialogContent's `onCloseAutoFocus`. */
export type FocusBack = (event: Event) => void;

interface Props extends Omit<ButtonProps, 'onClick'> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * The dialog, a `React.lazy` component rendered only from the first click on, so its code and
   * Radix Dialog's (13 KB gzip) are not in the page's first paint. It stays mounted after that
   * (open or closed), so later clicks open it at once.
   */
  dialog: (focusBack: FocusBack) => ReactNode;
}

/**
 * A button that opens a dialog which loads on the button's first click. It is not a Radix
 * DialogTrigger (that would bring Radix into the first paint), so it says what a trigger says
 * (it opens a dialog, and whether that is open), and the dialog gives focus back to it on close
 * through `focusBack`, which Radix's trigger did by itself.
 */
export function DialogButton({ open, onOpenChange, dialog, children, ...buttonProps }: Props) {
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const focusBack: FocusBack = (event) => {
    event.preventDefault();
    button.current?.focus();
  };
  return (
    <>
      <Button
        {...buttonProps}
        ref={button}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setWanted(true);
          onOpenChange(true);
        }}
      >
        {children}
      </Button>
      {wanted && <Suspense fallback={null}>{dialog(focusBack)}</Suspense>}
    </>
  );
}
