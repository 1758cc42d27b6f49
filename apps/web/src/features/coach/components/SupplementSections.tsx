import type { Assessment } from '@bloom/contracts';
import type { ReactNode } from 'react';
import { EnergyChart } from '../../../components/charts/EnergyChart';
import type { EnergyChartItem } from '../../../components/charts/types';
import { Table } from '../../../components/ui/Table';
import { formatAssessmentDate } from '../../../lib/assessment-dates';
import type { CoachComprehensive, CoachOverview, LifeDataView, OverviewItem, ScoreRowView } from '../api';
import { SCORE_LABELS, SUPPLEMENT_TEXT as T } from '../supplement-content';
import { formatAge, formatAverage, formatScore } from '../logic/format';
import styles from '../Coach.module.css';

/**
 * The sections of /CoachSupplement/{assessmentId} (CoachSupplementPage, which loads this module
 * alongside its reads): each part that answered, or says it failed without hiding the others.
 */
export default function SupplementSections({ assessment, lifeData, scores, energy, overview, comprehensive }: {
  assessment: Assessment;
  lifeData: LifeDataView | undefined;
  scores: ScoreRowView[] | undefined;
  energy: EnergyChartItem[] | undefined;
  overview: CoachOverview | undefined;
  comprehensive: CoachComprehensive | undefined;
}) {
  return (
    <>
      <ClientInfo assessment={assessment} lifeData={lifeData} />
      {lifeData ? <LifeSituations lifeData={lifeData} /> : <SectionFailed id="life-situations" title={T.lifeSituations} />}
      {scores ? <ScoresTable scores={scores} /> : <SectionFailed id="scores" title={T.scores} />}
      {energy ? <EnergyRange items={energy} /> : <SectionFailed id="energy-range" title={T.energyRange} />}
      {overview ? <Overview overview={overview} /> : <SectionFailed id="item-overview" title={T.itemOverview} />}
      {comprehensive ? <Comprehensive comprehensive={comprehensive} /> : <SectionFailed id="item-responses" title={T.comprehensive} />}
    </>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={styles.panel} aria-labelledby={id}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function SectionFailed({ id, title }: { id: string; title: string }) {
  return (
    <Section id={id} title={title}>
      <p className="bloom-error">{T.sectionFailed}</p>
    </Section>
  );
}

function Facts({ rows }: { rows: Array<[string, string]> }) {
  return (
    <dl className={styles.facts}>
      {rows.map(([term, value]) => (
        <div key={term} className={styles.fact}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ClientInfo({ assessment, lifeData }: { assessment: Assessment; lifeData: LifeDataView | undefined }) {
  const type = assessment.isNinetyItem ? T.professional : T.rapid;
  return (
    <Section id="client-info" title={T.clientInfo}>
      <Facts
        rows={[
          [T.clientName, assessment.clientName ?? ''],
          [T.email, assessment.userName ?? ''],
          [T.gender, lifeData?.gender ?? '–'],
          [T.age, lifeData ? formatAge(lifeData.age, T.ageNotStated) : '–'],
          [T.assessment, `${type}, ${formatAssessmentDate(assessment.date)}`],
        ]}
      />
    </Section>
  );
}

function LifeSituations({ lifeData }: { lifeData: LifeDataView }) {
  return (
    <Section id="life-situations" title={T.lifeSituations}>
      <Facts
        rows={[
          [T.relationshipStatus, lifeData.relationshipStatus],
          [T.parentingStatus, lifeData.parentingStatus],
          [T.employmentStatus, lifeData.employmentStatus],
          [T.income, lifeData.income],
          [T.stressfulEvents, lifeData.stressfulEvents],
        ]}
      />
    </Section>
  );
}

function ScoresTable({ scores }: { scores: ScoreRowView[] }) {
  return (
    <Section id="scores" title={T.scores}>
      <Table label={T.scoresTable} hideCaption className={`${styles.table} ${styles.scoresTable}`}>
        <thead>
          <tr>
            <th scope="col">{T.scoreCategory}</th>
            <th scope="col" className={styles.numeric}>
              {T.scoreValue}
            </th>
          </tr>
        </thead>
        <tbody>
          {scores.map((row) => (
            <tr key={`${row.category}-${row.scoreType}`}>
              <th scope="row">{SCORE_LABELS[row.category]?.[row.scoreType] ?? `${row.category} ${row.scoreType}`}</th>
              <td className={styles.numeric}>{formatScore(row.category, row.score)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Section>
  );
}

function EnergyRange({ items }: { items: EnergyChartItem[] }) {
  return (
    <Section id="energy-range" title={T.energyRange}>
      {items.length > 0 ? <EnergyChart items={items} title={T.energyRange} /> : <p>{T.energyNotEnough}</p>}
    </Section>
  );
}

function OverviewTable({ caption, items, showEnergy }: { caption: string; items: OverviewItem[]; showEnergy: boolean }) {
  return (
    <Table label={caption} className={styles.table}>
      <thead>
        <tr>
          <th scope="col">{showEnergy ? T.wellspring : T.energyLevel}</th>
          {showEnergy && <th scope="col">{T.energyLevel}</th>}
          <th scope="col">{T.response}</th>
          <th scope="col" className={styles.numeric}>
            {T.average}
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={`${item.wellspringName}-${item.wellspringEnergy}`}>
            <th scope="row">{item.wellspringName}</th>
            {showEnergy && <td>{item.wellspringEnergy}</td>}
            <td>{item.responseText}</td>
            <td className={styles.numeric}>{formatAverage(item.average)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

function Overview({ overview }: { overview: CoachOverview }) {
  return (
    <Section id="item-overview" title={T.itemOverview}>
      <div className={styles.tableGrid}>
        <OverviewTable caption={T.experiences} items={overview.experiences} showEnergy />
        <OverviewTable caption={T.feelings} items={overview.feelings} showEnergy />
        <OverviewTable caption={T.activity} items={overview.activity} showEnergy={false} />
        <OverviewTable caption={T.excitement} items={overview.excitement} showEnergy={false} />
      </div>
    </Section>
  );
}

function Comprehensive({ comprehensive }: { comprehensive: CoachComprehensive }) {
  const modules: Array<[string, CoachComprehensive['experiences']]> = [
    [T.experiences, comprehensive.experiences],
    [T.feelings, comprehensive.feelings],
  ];
  return (
    <Section id="item-responses" title={T.comprehensive}>
      {modules.map(([title, petals]) => (
        <div key={title} className={styles.moduleBlock}>
          <h3 className={styles.subTitle}>{title}</h3>
          {petals.map((petal) => (
            <Table
              key={petal.displayName}
              label={petal.displayName}
              caption={
                <>
                  {petal.displayName} <span className={styles.captionNote}>{T.petalAverage(formatAverage(petal.average))}</span>
                </>
              }
              className={styles.table}
            >
              <thead>
                <tr>
                  <th scope="col">{T.question}</th>
                  <th scope="col" className={styles.responseColumn}>
                    {T.answer}
                  </th>
                </tr>
              </thead>
              {petal.wellsprings.map((wellspring) => (
                <tbody key={wellspring.wellspringName}>
                  <tr className={styles.groupRow}>
                    <th scope="colgroup" colSpan={2}>
                      {wellspring.wellspringName}: {wellspring.averageText} ({formatAverage(wellspring.average)})
                    </th>
                  </tr>
                  {wellspring.questions.map((question, index) => (
                    <tr key={index}>
                      <td>{question.description}</td>
                      <td>{question.response === null ? T.notAnswered : question.responseText}</td>
                    </tr>
                  ))}
                </tbody>
              ))}
            </Table>
          ))}
        </div>
      ))}
    </Section>
  );
}
