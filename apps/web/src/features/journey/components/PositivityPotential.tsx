import type { PositivityPotential as Potential } from '../api/types';
import { POTENTIAL_TEXT as T } from '../content/potential';
import journey from '../Journey.module.css';
import styles from './PositivityPotential.module.css';

/** "Your Wellbeing Positivity Potential" (spec 01 §2 "Results summary"); percentages are rounded (§9). */
export function PositivityPotential({ potential }: { potential: Potential }) {
  return (
    <section className={`${styles.potential} bloom-card`} aria-labelledby="potential-title">
      <h2 id="potential-title" className={journey.subtitle}>
        {T.title}
      </h2>
      <div className={styles.scores}>
        <Score label={T.resilience} value={potential.resilienceScore} />
        <Score label={T.energyRange} value={potential.energyRange} missing={T.energyNotEnough} />
      </div>
      <div className={styles.lists}>
        <PotentialList title={T.experienceOpportunities} items={potential.experienceOpportunities} />
        <PotentialList title={T.feelingsOpportunities} items={potential.feelingsOpportunities} />
        <PotentialList title={T.positivityPractices} items={potential.positivityPractices} />
      </div>
    </section>
  );
}

/** A score in whole percent; a module short of the coverage rule has none (DESIGN §11), and says so instead of showing a number. */
function Score({ label, value, missing }: { label: string; value: number | null; missing?: string }) {
  const known = value !== null && Number.isFinite(value);
  return (
    <div className={styles.score}>
      {known ? <span className={styles.value}>{Math.round(value)}%</span> : <span className={styles.missing}>{missing ?? T.noScore}</span>}
      <span className={styles.label}>{label}</span>
    </div>
  );
}

function PotentialList({ title, items }: { title: string; items: string[] }) {
  return (
    <div className={styles.list}>
      <h3 className={styles.listTitle}>{title}</h3>
      {items.length > 0 ? (
        <ul>
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      ) : (
        <p className={styles.none}>{T.none}</p>
      )}
    </div>
  );
}
