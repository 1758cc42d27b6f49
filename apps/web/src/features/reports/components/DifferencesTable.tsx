import { formatCount } from '@bloom/domain/format';
import type { IndividualDifferences } from '../api/types';
import { DIFFERENCES_TEXT } from '../content';
import styles from './reports.module.css';

type Measure = (typeof DIFFERENCES_TEXT.rows)[number]['key'];

const cell = (differences: IndividualDifferences, measure: Measure, comparison: 'RelativeToAverage' | 'RelativeToOthers' | 'OthersVsAverage') =>
  differences[`${measure}${comparison}` as keyof IndividualDifferences] as string;

/**
 * The Individual Differences table (spec 02 §2; DESIGN §4): the size of the group compared with,
 * and a "provisional" label while the comparison uses the simulated baseline.
 */
export function DifferencesTable({ differences }: { differences: IndividualDifferences }) {
  const groupNote = differences.provisional
    ? DIFFERENCES_TEXT.provisionalGroup(formatCount(differences.populationSize))
    : DIFFERENCES_TEXT.liveGroup(formatCount(differences.comparisonGroupSize), formatCount(differences.populationSize));
  return (
    <>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <caption>
            {DIFFERENCES_TEXT.caption}
            {differences.provisional && <span className={styles.badge}>{DIFFERENCES_TEXT.provisionalLabel}</span>}
          </caption>
          <thead>
            <tr>
              <th scope="col">{DIFFERENCES_TEXT.measureHeader}</th>
              <th scope="col">{DIFFERENCES_TEXT.averageHeader}</th>
              <th scope="col">{DIFFERENCES_TEXT.othersHeader}</th>
              <th scope="col">{DIFFERENCES_TEXT.othersVsAverageHeader}</th>
            </tr>
          </thead>
          <tbody>
            {DIFFERENCES_TEXT.rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{row.label}</th>
                <td>{cell(differences, row.key, 'RelativeToAverage')}</td>
                <td>{cell(differences, row.key, 'RelativeToOthers')}</td>
                <td>{cell(differences, row.key, 'OthersVsAverage')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className={styles.groupNote}>
        {groupNote} {DIFFERENCES_TEXT.notSignificance}
      </p>
    </>
  );
}
