import * as RadixDialog from '@radix-ui/react-dialog';
import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import { Button, type ButtonProps } from './Button';

/**
 * The one modal dialog of the app (shadcn/ui style over Radix Dialog): a dimmed page under a
 * centred white card, with an accessible title and description, focus kept inside while open
 * and given back to the opener on close, Escape and a click outside to close.
 *
 * Its look is the global `bloom-dialog*` classes of `styles/scaffold.css` (in the entry
 * stylesheet, so a feature's `className` adjustment, such as its width, always wins whatever
 * order stylesheets load in). Import it only from lazily loaded code: it brings Radix with it.
 *
 *   <Dialog open={open} onOpenChange={setOpen}>
 *     <DialogTrigger asChild><Button>Open</Button></DialogTrigger>
 *     <DialogContent alert>
 *       <DialogTitle>…</DialogTitle>
 *       <DialogDescription>…</DialogDescription>
 *       <DialogActions><DialogCancel>Cancel</DialogCancel><Button>Confirm</Button></DialogActions>
 *     </DialogContent>
 *   </Dialog>
 */
export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;

const join = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ');

type ContentProps = ComponentPropsWithoutRef<typeof RadixDialog.Content> & {
  /** A confirmation that interrupts (role="alertdialog"): deleting, releasing results. */
  alert?: boolean;
  /** A short prose dialog: title, then its description in muted text under it, then what follows in the flow. */
  prose?: boolean;
  overlayClassName?: string;
};

/** The overlay and the card, in a portal. Radix props (onOpenAutoFocus, onCloseAutoFocus…) pass through. */
export function DialogContent({ alert = false, prose = false, className, overlayClassName, children, ...props }: ContentProps) {
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className={join('bloom-dialog-overlay', overlayClassName)} />
      <RadixDialog.Content {...props} {...(alert ? { role: 'alertdialog' } : {})} className={join('bloom-dialog', prose ? 'bloom-dialog-prose' : undefined, className)}>
        {children}
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}

export function DialogTitle({ className, ...props }: ComponentPropsWithoutRef<typeof RadixDialog.Title>) {
  return <RadixDialog.Title {...props} className={join('bloom-dialog-title', className)} />;
}

export function DialogDescription({ className, ...props }: ComponentPropsWithoutRef<typeof RadixDialog.Description>) {
  return <RadixDialog.Description {...props} className={join('bloom-dialog-description', className)} />;
}

/** The row of buttons at the bottom, right-aligned; on a phone stacked and each full-width; the safe choice goes first. */
export function DialogActions({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={join('bloom-dialog-actions', className)}>{children}</div>;
}

/** The button that closes without doing anything (Cancel, No): a secondary Button wired to close. */
export function DialogCancel(props: Omit<ButtonProps, 'variant'>) {
  return (
    <RadixDialog.Close asChild>
      <Button variant="secondary" {...props} />
    </RadixDialog.Close>
  );
}
