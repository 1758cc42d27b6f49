import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/Button';
import { Field } from '../../../components/ui/Field';
import { isBlank } from '../logic/zones';
import styles from '../ClientManagement.module.css';

/**
 * The "Enter organization name" / "Enter group name" inputs with their Add buttons. An empty
 * or blank name is refused with an alert (spec 02 §5); on success the input clears.
 */
export function NameAdder({ placeholder, buttonLabel, requiredMessage, accessibleLabel, onAdd }: {
  placeholder: string;
  buttonLabel: string;
  requiredMessage: string;
  /** Names the field for assistive technology when the placeholder alone would be ambiguous. */
  accessibleLabel?: string;
  onAdd: (name: string) => Promise<boolean>;
}) {
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (isBlank(name)) {
      window.alert(requiredMessage);
      return;
    }
    setBusy(true);
    const added = await onAdd(name);
    setBusy(false);
    if (added) setName('');
  }

  return (
    <form className={styles.adder} onSubmit={(event) => void submit(event)}>
      <Field label={accessibleLabel ?? placeholder} hideLabel className={styles.name}>
        {(control) => <input {...control} value={name} placeholder={placeholder} maxLength={100} onChange={(event) => setName(event.target.value)} />}
      </Field>
      <Button type="submit" variant="secondary" size="small" busy={busy}>
        {buttonLabel}
      </Button>
    </form>
  );
}
