import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { LoadingScreen } from '../../../components/layout/LoadingScreen';
import { PageTitle } from '../../../components/layout/PageTitle';
import { Button } from '../../../components/ui/Button';
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
  const ids = { first: useId(), last: useId(), firstError: useId(), lastError: useId(), prompt: useId() };

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

  const field = (id: string, errorId: string, label: string, value: string, set: (v: string) => void, error: string | undefined, ref: RefObject<HTMLInputElement | null>, autoComplete: string) => (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        ref={ref}
        id={id}
        className={styles.input}
        value={value}
        onChange={(event) => set(event.target.value)}
        autoComplete={autoComplete}
        maxLength={100}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error && (
        <p id={errorId} className={styles.fieldError}>
          {error}
        </p>
      )}
    </div>
  );

  return (
    <div className={`${styles.page} ${styles.narrow}`}>
      <PageTitle title={T.title} />
      <section className={styles.panel}>
        <h1 className="bloom-title">{T.title}</h1>
        <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-describedby={ids.prompt}>
          <p id={ids.prompt} className="bloom-lead">
            {T.prompt}
          </p>
          {field(ids.first, ids.firstError, T.firstName, firstName, setFirstName, errors.firstName, firstRef, 'given-name')}
          {field(ids.last, ids.lastError, T.lastName, lastName, setLastName, errors.lastName, lastRef, 'family-name')}
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
    </div>
  );
}
