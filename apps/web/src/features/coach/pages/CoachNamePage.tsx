import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { LoadingScreen } from '../../../components/layout/LoadingScreen';
import { Page } from '../../../components/ui/Page';
import { PageTitle } from '../../../components/layout/PageTitle';
import { Button } from '../../../components/ui/Button';
import { Field } from '../../../components/ui/Field';
import { CURRENT_USER_QUERY_KEY, useCurrentUser } from '../../../hooks/useCurrentUser';
import { useNavigateWhenShown } from '../../../hooks/useNavigateWhenShown';
import { saveCoachName } from '../api';
import { COACH_TEXT } from '../content';
import { saveErrorMessage, validateNames, type NameErrors } from '../logic/names';
import styles from '../Coach.module.css';

const T = COACH_TEXT.name;

/** /Coach/Name (spec 02 §2): the name shown to clients; success goes to /CoachDashboard. */
export default function CoachNamePage() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <LoadingScreen />;
  return <CoachNameForm initialFirst={user?.firstName ?? ''} initialLast={user?.lastName ?? ''} />;
}

function CoachNameForm({ initialFirst, initialLast }: { initialFirst: string; initialLast: string }) {
  const navigate = useNavigateWhenShown();
  const queryClient = useQueryClient();
  const [firstName, setFirstName] = useState(initialFirst);
  const [lastName, setLastName] = useState(initialLast);
  const [errors, setErrors] = useState<NameErrors>({});
  const [formError, setFormError] = useState('');
  const [saving, setSaving] = useState(false);
  const firstRef = useRef<HTMLInputElement>(null);
  const lastRef = useRef<HTMLInputElement>(null);
  const formErrorRef = useRef<HTMLParagraphElement>(null);
  const promptId = useId();

  useEffect(() => {
    if (formError) formErrorRef.current?.focus();
  }, [formError]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateNames(firstName, lastName, T);
    setErrors(found);
    setFormError('');
    if (found.firstName) return firstRef.current?.focus();
    if (found.lastName) return lastRef.current?.focus();
    setSaving(true);
    try {
      await saveCoachName({ firstName: firstName.trim(), lastName: lastName.trim() });
      await queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
      await navigate('/CoachDashboard');
    } catch (error) {
      console.error('Could not save the coach name', error);
      setFormError(saveErrorMessage(error, T));
      setSaving(false);
    }
  }

  const field = (label: string, value: string, set: (v: string) => void, error: string | undefined, ref: RefObject<HTMLInputElement | null>, autoComplete: string) => (
    <Field label={label} error={error}>
      {(control) => <input {...control} ref={ref} value={value} onChange={(event) => set(event.target.value)} autoComplete={autoComplete} maxLength={100} required />}
    </Field>
  );

  return (
    <Page className={`${styles.page} ${styles.narrow}`}>
      <PageTitle title={T.title} />
      <section className={styles.panel}>
        <h1 className="bloom-title">{T.title}</h1>
        <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-describedby={promptId}>
          <p id={promptId} className="bloom-lead">
            {T.prompt}
          </p>
          {field(T.firstName, firstName, setFirstName, errors.firstName, firstRef, 'given-name')}
          {field(T.lastName, lastName, setLastName, errors.lastName, lastRef, 'family-name')}
          {formError && (
            <p ref={formErrorRef} tabIndex={-1} role="alert" className={styles.formError}>
              {formError}
            </p>
          )}
          <div className={styles.actions}>
            <Button type="submit" busy={saving}>
              {T.submit}
            </Button>
          </div>
        </form>
      </section>
    </Page>
  );
}
