import { useEffect, useRef, useState } from 'react';
import { Field } from '../../../components/ui/Field';
import { ONBOARDING_TEXT as T } from '../content';
import type { NameField } from '../logic/onboarding';
import styles from '../pages/ClientOnboardingPage.module.css';

export interface NameValues {
  firstName: string;
  lastName: string;
}

/**
 * Onboarding's first and last name, side by side from 560 px. Both are required (said to screen
 * readers; the form has `noValidate`, so the page's own errors speak instead of the browser's
 * bubble); a missing one is marked invalid with its error in its description.
 */
export function NameFields({ value, onChange, errors = {} }: { value: NameValues; onChange: (patch: Partial<NameValues>) => void; errors?: Partial<Record<NameField, string>> }) {
  return (
    <div className={styles.names}>
      <Field label={T.firstName} error={errors.firstName}>
        {(control) => <input {...control} name="firstName" value={value.firstName} onChange={(e) => onChange({ firstName: e.target.value })} autoComplete="given-name" maxLength={100} required />}
      </Field>
      <Field label={T.lastName} error={errors.lastName}>
        {(control) => <input {...control} name="lastName" value={value.lastName} onChange={(e) => onChange({ lastName: e.target.value })} autoComplete="family-name" maxLength={100} required />}
      </Field>
    </div>
  );
}

/**
 * Focuses the form's control named `name` once the render that marks it invalid is committed, so
 * it is read with its error (focused in the press's own handler, it would be read before).
 */
export function useFocusAfterRender() {
  const formRef = useRef<HTMLFormElement>(null);
  const [request, setRequest] = useState<{ name: string } | null>(null);
  useEffect(() => {
    if (request) formRef.current?.querySelector<HTMLElement>(`[name="${request.name}"]`)?.focus();
  }, [request]);
  return { formRef, focusControl: (name: string) => setRequest({ name }) };
}
