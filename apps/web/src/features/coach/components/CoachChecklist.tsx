import { Link } from '../../../lib/router';
import { COACH_TEXT } from '../content';
import styles from '../Coach.module.css';

const T = COACH_TEXT.checklist;

/** Issue 27 part 3: a short checklist on the empty dashboard of a coach with no clients yet. */
export function CoachChecklist() {
  const clientLink = `${window.location.origin}/Client`;
  return (
    <section className={styles.checklist} aria-labelledby="coach-checklist">
      <h2 id="coach-checklist" className={styles.sectionTitle}>
        {T.title}
      </h2>
      <p>{T.lead}</p>
      <ol className={styles.checklistSteps}>
        {T.steps.map((step) => (
          <li key={step.title}>
            <strong>{step.title}</strong>
            <span>{step.body}</span>
            {step.link && step.to && <Link to={step.to}>{step.link}</Link>}
            {step.to === '/Client' && (
              <span className={styles.clientLink}>
                {T.clientLinkLabel}: <code>{clientLink}</code>
              </span>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
