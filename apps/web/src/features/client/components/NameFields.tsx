import { Field } from '../../../components/ui/Field';
import { ONBOARDING_TEXT as T } from '../content';
import styles from '../pages/ClientOnboardingPage.module.css';

export interface NameValues {
  firstName: string;
  lastName: string;
}

/** Onboarding's first and last name, side by side from 560 px. */
export function NameFields({ value, onChange }: { value: NameValues; onChange: (patch: Partial<NameValues>) => void }) {
  return (
    <div className={styles.names}>
      <Field label={T.firstName}>
        {(control) => <input {...control} value={value.firstName} onChange={(e) => onChange({ firstName: e.target.value })} autoComplete="given-name" maxLength={100} />}
      </Field>
      <Field label={T.lastName}>
        {(control) => <input {...control} value={value.lastName} onChange={(e) => onChange({ lastName: e.target.value })} autoComplete="family-name" maxLength={100} />}
      </Field>
    </div>
  );
}
