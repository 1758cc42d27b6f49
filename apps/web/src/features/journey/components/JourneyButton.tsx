import { Button, buttonClassName, type ButtonProps } from '../../../components/ui/Button';
import journey from '../Journey.module.css';

/** primary: the way on (raised); secondary: a second choice (blue outline); inverse: the way on, on a dark panel. */
export type JourneyButtonVariant = 'primary' | 'secondary' | 'inverse';

const KIT_VARIANT = { primary: 'primary', secondary: 'outline', inverse: 'inverse' } as const;

/** The journey's own classes: its size, and a shadow under the buttons that lead on. */
const journeyClasses = (variant: JourneyButtonVariant) => (variant === 'secondary' ? journey.button : `${journey.button} ${journey.raised}`);

/** The class names of a journey button, for a link that should look like one (a way back to the start). */
export function journeyButtonClassName(variant: JourneyButtonVariant = 'primary'): string {
  return buttonClassName(KIT_VARIANT[variant], 'medium', journeyClasses(variant));
}

interface JourneyButtonProps extends Omit<ButtonProps, 'variant' | 'size'> {
  variant?: JourneyButtonVariant;
}

/** The kit's Button in the journey's size: taller and at least 9rem wide. */
export function JourneyButton({ variant = 'primary', className, ...rest }: JourneyButtonProps) {
  const classes = journeyClasses(variant);
  return <Button {...rest} variant={KIT_VARIANT[variant]} className={className ? `${classes} ${className}` : classes} />;
}
