import { Table } from '../../../components/ui/Table';
import { formatAssessmentDateTime } from '../../../lib/assessment-dates';
import type { FormName, FormStatistics, NormGroup, ScaleStatistics } from '../api/types';
import { INSTRUMENT_TEXT as T } from '../instrument-content';
import { formatFigure, formatKnown, formatN } from '../logic/instrument';
import styles from '../Progress.module.css';

/** A figure, or why there is none ("not enough data", no variation) in a muted style. */
function Figure({ value, enough, digits = 2 }: { value: number | null; enough: boolean; digits?: number }) {
  const text = formatFigure(value, enough, digits);
  return value === null || !enough ? <span className={styles.notEnough}>{text}</span> : <>{text}</>;
}

/** The norm group benchmarks compare with now: live or bundled, provisional or not. */
export function NormGroupPanel({ normGroup }: { normGroup: NormGroup }) {
  return (
    <section className={styles.panel} aria-labelledby="norm-group-title">
      <h2 id="norm-group-title" className={styles.sectionTitle}>
        {T.normTitle}
      </h2>
      <dl className={styles.facts}>
        <div>
          <dt>{T.normSource}</dt>
          <dd>{normGroup.source === 'live' ? T.normLive : T.normBaseline}</dd>
        </div>
        <div>
          <dt>{T.normProvisional}</dt>
          <dd>{normGroup.provisional ? T.yes : T.no}</dd>
        </div>
        <div>
          <dt>{T.normN}</dt>
          <dd>{formatN(normGroup.n)}</dd>
        </div>
        <div>
          <dt>{T.normComputed}</dt>
          <dd>{normGroup.computedAt ? formatAssessmentDateTime(normGroup.computedAt) : T.notComputed}</dd>
        </div>
      </dl>
      <p className="bloom-muted">
        <strong>{T.normProvenance}:</strong> {normGroup.provenance}
      </p>
    </section>
  );
}

/** One form's scales (n, α, mean, SD, the figures reliable change uses) and each scale's items. */
export function FormSection({ form, statistics }: { form: FormName; statistics: FormStatistics }) {
  const id = `form-${form.toLowerCase()}`;
  const title = T.formTitle(form);
  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.sectionTitle}>
        {title}
      </h2>
      <p className="bloom-muted">{T.formN(formatN(statistics.n))}</p>
      <Table label={T.scalesCaption(title)} hideCaption className={styles.table} boxClassName={styles.tableBox}>
        <thead>
          <tr>
            <th scope="col">{T.scaleColumns.scale}</th>
            <th scope="col">{T.scaleColumns.items}</th>
            <th scope="col">{T.scaleColumns.n}</th>
            <th scope="col">{T.scaleColumns.alpha}</th>
            <th scope="col">{T.scaleColumns.mean}</th>
            <th scope="col">{T.scaleColumns.sd}</th>
            <th scope="col">{T.scaleColumns.inUse}</th>
          </tr>
        </thead>
        <tbody>
          {statistics.scales.map((scale) => (
            <tr key={scale.scale}>
              <th scope="row">
                {T.scaleNames[scale.scale]} <span className={styles.kind}>{T.kind[scale.kind]}</span>
              </th>
              <td className={styles.number}>{scale.k}</td>
              <td className={styles.number}>{formatN(scale.n)}</td>
              <td className={styles.number}>
                <Figure value={scale.alpha} enough={scale.enoughData} />
              </td>
              <td className={styles.number}>
                <Figure value={scale.mean} enough={scale.enoughData} />
              </td>
              <td className={styles.number}>
                <Figure value={scale.sd} enough={scale.enoughData} />
              </td>
              <td>
                {scale.reliabilityInUse ? (
                  T.inUse(scale.reliabilityInUse.source, formatKnown(scale.reliabilityInUse.reliability), formatKnown(scale.reliabilityInUse.sd))
                ) : (
                  <span className={styles.notEnough}>{T.notUsed}</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      <h3 className={styles.subTitle}>{T.itemsTitle}</h3>
      <div className={styles.itemGroups}>
        {statistics.scales.map((scale) => (
          <ItemTable key={scale.scale} formTitle={title} scale={scale} />
        ))}
      </div>
    </section>
  );
}

function ItemTable({ formTitle, scale }: { formTitle: string; scale: ScaleStatistics }) {
  const caption = T.itemsCaption(formTitle, T.scaleNames[scale.scale]);
  return (
    <details className={styles.itemGroup}>
      <summary>{T.itemsSummary(T.scaleNames[scale.scale], scale.items.length)}</summary>
      <Table label={caption} hideCaption className={styles.table} boxClassName={styles.tableBox}>
        <thead>
          <tr>
            <th scope="col">{T.itemColumns.order}</th>
            <th scope="col">{T.itemColumns.question}</th>
            <th scope="col">{T.itemColumns.n}</th>
            <th scope="col">{T.itemColumns.mean}</th>
            <th scope="col">{T.itemColumns.sd}</th>
            <th scope="col">{T.itemColumns.r}</th>
          </tr>
        </thead>
        <tbody>
          {scale.items.map((item) => (
            <tr key={item.questionGuid}>
              <td className={styles.number}>{item.order}</td>
              <th scope="row" className={styles.question}>
                {item.questionText}
              </th>
              <td className={styles.number}>{formatN(item.n)}</td>
              <td className={styles.number}>
                <Figure value={item.mean} enough={item.enoughData} />
              </td>
              <td className={styles.number}>
                <Figure value={item.sd} enough={item.enoughData} />
              </td>
              <td className={styles.number}>
                <Figure value={item.correctedItemTotal} enough={item.enoughData} />
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </details>
  );
}
