import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/Button';
import { Field } from '../../../components/ui/Field';
import { isBlank, isDotSegment } from '../logic/zones';
import styles from '../ClientManagement.module.css';

/**
 * The "Enter organization name" / "Enter group name" inputs with their Add buttons. An empty
 * or blank name is refused with an alert (spec 02 §5); a name of only dots is refused under the
 * field (it would be sent to another address, see isDotSegment), and so is what the server
 * refused or failed to do; on success the input clears.
 */
export function NameAdder({ placeholder, buttonLabel, requiredMessage, dotsMessage, accessibleLabel, onAdd }: {
  placeholder: string;
  buttonLabel: string;
  requiredMessage: string;
  dotsMessage: string;
  /** Names the field for assistive technology when the placeholder alone would be ambiguous. */
  accessibleLabel?: string;
  /** Adds the name: null when done, otherwise what went wrong, said under the field. */
  onAdd: (name: string) => Promise<string | null>;
}) {
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (isBlank(name)) {
      window.alert(requiredMessage);
      return;
    }
    if (isDotSegment(name)) {
      setProblem(dotsMessage);
      return;
    }
    setProblem(null);
    setBusy(true);
    const failed = await onAdd(name);
    setBusy(false);
    setProblem(failed);
    if (!failed) setName('');
  }

  return (
    <form className={styles.adder} onSubmit={(event) => void submit(event)}>
      <Field label={accessibleLabel ?? placeholder} hideLabel className={styles.name} error={problem} announceError>
        {(control) => (
          <input
            {...control}
            value={name}
            placeholder={placeholder}
            maxLength={100}
            onChange={(event) => {
              setName(event.target.value);
              setProblem(null);
            }}
          />
        )}
      </Field>
      <Button type="submit" variant="secondary" size="small" busy={busy} keepFocusWhileBusy>
        {buttonLabel}
      </Button>
    </form>
  );
}
