import { WellspringIcon } from '../../../components/icons/WellspringIcon';
import type { OpportunityItem } from '../api/types';
import { REPORT_TEXT } from '../content/report';
import { ListOrNone } from './ReportSection';
import { RichText } from './RichText';
import styles from '../Reports.module.css';

const MODULES = [
  { moduleName: 'Experiences', title: REPORT_TEXT.experiencesTitle },
  { moduleName: 'Feelings', title: REPORT_TEXT.feelingsTitle },
] as const;

/** The report's wellbeing opportunities by module: wellsprings below "Often", each with a practice. */
export function Opportunities({ items }: { items: readonly OpportunityItem[] }) {
  return (
    <>
      {MODULES.map(({ moduleName, title }) => (
        <div key={moduleName}>
          <h3 className={styles.subTitle}>{title}</h3>
          <ListOrNone
            items={items.filter((item) => item.moduleName === moduleName)}
            none={REPORT_TEXT.noneText}
            className={styles.cardGrid}
            render={(item) => (
              <li key={item.wellspringName} className={styles.opportunity}>
                <div className={styles.opportunityHeader}>
                  <WellspringIcon icon={item.icon} size={36} />
                  <h4 className={styles.cardItemTitle}>{item.label}</h4>
                </div>
                <RichText text={item.opportunity.text} />
                <p className={styles.tryThis}>
                  <span className={styles.label}>{REPORT_TEXT.tryThis} </span>
                  {item.practice.text}
                </p>
              </li>
            )}
          />
        </div>
      ))}
    </>
  );
}
