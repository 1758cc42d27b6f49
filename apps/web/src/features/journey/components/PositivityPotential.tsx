import type { PositivityPotential as Potential } from '../api/types';
import { POTENTIAL_TEXT as T } from '../content/pages';

/** "Your Wellbeing Positivity Potential" (spec 01 §2 "Results summary"); percentages are rounded (§9). */
export function PositivityPotential({ potential }: { potential: Potential }) {
  return (
    <section className="potential bloom-card" aria-labelledby="potential-title">
      <h2 id="potential-title" className="journey-subtitle">
        {T.title}
      </h2>
      <div className="potential__scores">
        <Score label={T.resilience} value={potential.resilienceScore} />
        <Score label={T.energyRange} value={potential.energyRange} />
      </div>
      <div className="potential__lists">
        <PotentialList title={T.experienceOpportunities} items={potential.experienceOpportunities} />
        <PotentialList title={T.feelingsOpportunities} items={potential.feelingsOpportunities} />
        <PotentialList title={T.positivityPractices} items={potential.positivityPractices} />
      </div>
    </section>
  );
}

function Score({ label, value }: { label: string; value: number | null }) {
  const percent = value !== null && Number.isFinite(value) ? Math.round(value) : 0;
  return (
    <div className="potential__score">
      <span className="potential__score-value">{percent}%</span>
      <span className="potential__score-label">{label}</span>
    </div>
  );
}

function PotentialList({ title, items }: { title: string; items: string[] }) {
  return (
    <div className="potential__list">
      <h3 className="potential__list-title">{title}</h3>
      {items.length > 0 ? (
        <ul>
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      ) : (
        <p className="potential__none">{T.none}</p>
      )}
    </div>
  );
}
