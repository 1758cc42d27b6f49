import { Table } from '../../../components/ui/Table';
import type { IndividualDifferences } from '../api/types';
import { DIFFERENCES_TEXT } from '../content/differences';
import { comparisonGroupNote, usedSimilarLifeSituations } from '../logic/normGroup';
import styles from '../Reports.module.css';

type Measure = (typeof DIFFERENCES_TEXT.rows)[number]['key'];

const cell = (differences: IndividualDifferences, measure: Measure, comparison: 'RelativeToAverage' | 'RelativeToOthers' | 'OthersVsAverage') =>
  differences[`${measure}${comparison}` as keyof IndividualDifferences] as string;

/**
 * The Individual Differences table (spec 02 §2; DESIGN §4): the size of the group compared with,
 * and a "provisional" label while the comparison uses the simulated baseline. The two columns
 * about people in similar circumstances show only when such a group was used (not after Skip All).
 */
export function DifferencesTable({ differences }: { differences: IndividualDifferences }) {
  const groupNote = comparisonGroupNote(differences);
  const similar = usedSimilarLifeSituations(differences);
  return (
    <>
      <Table
        label={DIFFERENCES_TEXT.caption}
        caption={
          <>
            {DIFFERENCES_TEXT.caption}
            {differences.provisional && <span className={styles.badge}>{DIFFERENCES_TEXT.provisionalLabel}</span>}
          </>
        }
        className={styles.table}
        boxClassName={styles.tableWrap}
      >
        <thead>
          <tr>
            <th scope="col">{DIFFERENCES_TEXT.measureHeader}</th>
            <th scope="col">{DIFFERENCES_TEXT.averageHeader}</th>
            {similar && <th scope="col">{DIFFERENCES_TEXT.othersHeader}</th>}
            {similar && <th scope="col">{DIFFERENCES_TEXT.othersVsAverageHeader}</th>}
          </tr>
        </thead>
        <tbody>
          {DIFFERENCES_TEXT.rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              <td>{cell(differences, row.key, 'RelativeToAverage')}</td>
              {similar && <td>{cell(differences, row.key, 'RelativeToOthers')}</td>}
              {similar && <td>{cell(differences, row.key, 'OthersVsAverage')}</td>}
            </tr>
          ))}
        </tbody>
      </Table>
      <p className={styles.groupNote}>
        {groupNote} {DIFFERENCES_TEXT.notSignificance}
      </p>
    </>
  );
}
