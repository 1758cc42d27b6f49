import { useId, type ReactNode } from 'react';

const join = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

/** What a field hands its control: spread it onto the `<input>` or `<select>`. */
export interface FieldControl {
  id: string;
  className: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

interface FieldProps {
  label: ReactNode;
  /** A line under the control that helps fill it in; read with the control. */
  hint?: ReactNode;
  /** What is wrong with the value: shown in red under the control, which is marked invalid and reads it. */
  error?: ReactNode;
  /** Keeps the label for screen readers only, where the control's place already says what it is for. */
  hideLabel?: boolean;
  /** The id of the control, when the page needs it (to focus the first invalid field); one is made otherwise. */
  id?: string;
  /** The feature's adjustments to the field's box (its width, its place in a row), its label and its error. */
  className?: string;
  labelClassName?: string;
  errorClassName?: string;
  /** The error appears after a try (a failed save): announce it as it appears (role="alert"). */
  announceError?: boolean;
  /** The field holds more than its control (a "Prefer not to say" radio): the label names the whole group too. */
  group?: boolean;
  /** The control, given its id, look and ARIA wiring: `{(control) => <input {...control} value={…} />}`. */
  children: (control: FieldControl) => ReactNode;
}

/**
 * One form field of the UI kit: a visible label tied to its control, and a hint or an error
 * under it that the control is described by (WCAG 1.3.1, 3.3.1, 3.3.2). The control has a
 * 44 px target, a 6.2:1 border and the app's focus ring. Its look is the global `bloom-field*`
 * and `bloom-control` classes of `styles/scaffold.css`.
 *
 *   <Field label="First name" error={errors.firstName}>
 *     {(control) => <input {...control} value={first} onChange={…} autoComplete="given-name" />}
 *   </Field>
 */
export function Field({ label, hint, error, hideLabel = false, id: givenId, className, labelClassName, errorClassName, announceError = false, group = false, children }: FieldProps) {
  const madeId = useId();
  const id = givenId ?? madeId;
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : undefined, error ? errorId : undefined].filter(Boolean).join(' ');
  return (
    <div className={join('bloom-field', className)} {...(group ? { role: 'group', 'aria-labelledby': labelId } : {})}>
      <label id={group ? labelId : undefined} htmlFor={id} className={join(hideLabel ? 'visually-hidden' : 'bloom-field-label', labelClassName)}>
        {label}
      </label>
      {children({
        id,
        className: 'bloom-control',
        ...(error ? { 'aria-invalid': true } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      })}
      {hint && (
        <p id={hintId} className="bloom-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={join('bloom-error', errorClassName)} role={announceError ? 'alert' : undefined}>
          {error}
        </p>
      )}
    </div>
  );
}
