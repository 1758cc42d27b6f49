import { Link } from '../../../lib/router';
import { Button, buttonClassName } from '../../../components/ui/Button';
import { Page } from '../../../components/ui/Page';
import type { ModuleContributors, OpportunitiesAndAffirmations, PositivityPlan } from '../api/types';
import { DIFFERENCES_TEXT } from '../content/differences';
import { PLAN_SECTIONS, PLAN_TEXT, type PlanSectionId } from '../content/plan';
import { REPORT_TEXT } from '../content/report';
import { usedSimilarLifeSituations } from '../logic/normGroup';
import { planSummaryCards } from '../logic/planSummary';
import { Closing } from './Closing';
import { DifferencesTable } from './DifferencesTable';
import { LotusOverview } from './LotusOverview';
import { ModuleResults } from './ModuleResults';
import { PlanSummary } from './PlanSummary';
import { ReportHero } from './ReportHero';
import { ListOrNone, ReportSection } from './ReportSection';
import { EnergyResults, MindsetResults, ResilienceResults } from './ResultCharts';
import { RichText } from './RichText';
import styles from '../Reports.module.css';

type HeadingLevel = 3 | 4;

const title = (id: PlanSectionId) => PLAN_SECTIONS.find((s) => s.id === id)!.title;

/** The unlocked Positivity Plan (spec 02 §2): the simple summary, then the detailed plan. */
export function PlanView({ plan, assessmentId }: { plan: PositivityPlan; assessmentId: string }) {
  const experiences = plan.opportunitiesAndAffirmations.find((m) => m.moduleName === 'Experiences');
  const feelings = plan.opportunitiesAndAffirmations.find((m) => m.moduleName === 'Feelings');
  const energyContributors = plan.moduleContributors.find((m) => m.moduleName === 'Energy');
  const lifeSituations = plan.lifeSituationsFrequency;
  // The lists compare with people in similar life situations only when such a group was used.
  const similar = usedSimilarLifeSituations(plan.individualDifferences);
  const more = similar ? PLAN_TEXT.moreThanOthers : PLAN_TEXT.moreThanGroup;
  const less = similar ? PLAN_TEXT.lessThanOthers : PLAN_TEXT.lessThanGroup;

  return (
    <Page as="article" stack={false} className={styles.page}>
      <ReportHero eyebrow={PLAN_TEXT.eyebrow} name={plan.clientName ?? ''} takenAt={plan.takenAt} date={plan.assessmentDate} isNinetyItem={plan.isNinetyItem}>
        <Link className={buttonClassName('secondary')} to={`/BloomProfileReport/${encodeURIComponent(assessmentId)}`}>
          {PLAN_TEXT.toReport}
        </Link>
        <Button variant="secondary" onClick={() => window.print()}>
          {PLAN_TEXT.print}
        </Button>
      </ReportHero>

      <PlanSummary cards={planSummaryCards(plan)} />

      <ReportSection id="life-lotus" title={title('life-lotus')} intro={REPORT_TEXT.lotusIntro}>
        <LotusOverview petals={plan.eightPetalData} summaryText={plan.summaryText} />
      </ReportSection>

      <ReportSection id="wellbeing" title={title('wellbeing')}>
        <RichText text={plan.roleText} className={`${styles.prose} ${styles.lead}`} />
        <h3 className={styles.subTitle}>{PLAN_TEXT.contributorsTitle}</h3>
        <div className={styles.twoColumns}>
          {plan.moduleContributors
            .filter((m) => m.moduleName !== 'Energy')
            .map((module) => (
              <Contributors key={module.moduleName} module={module} heading={module.moduleName === 'Experiences' ? REPORT_TEXT.experiencesTitle : REPORT_TEXT.feelingsTitle} />
            ))}
        </div>
      </ReportSection>

      <ReportSection id="experiences" title={title('experiences')}>
        <ModuleResults section={plan.experiencesAndFeelingsResults.Experiences} summaryText={plan.experiencesAndFeelingsSummaryText.Experiences} variant="plan" />
        <OpportunityList module={experiences} />
      </ReportSection>

      <ReportSection id="activities" title={title('activities')}>
        <TextList items={experiences?.practices ?? []} labels={experiences?.wellsprings} level={3} />
      </ReportSection>

      <ReportSection id="intentions" title={title('intentions')}>
        <TextList items={[...(experiences?.intentions ?? []), ...(feelings?.intentions ?? [])]} labels={[...(experiences?.wellsprings ?? []), ...(feelings?.wellsprings ?? [])]} level={3} />
      </ReportSection>

      <ReportSection id="feelings" title={title('feelings')}>
        <ModuleResults section={plan.experiencesAndFeelingsResults.Feelings} summaryText={plan.experiencesAndFeelingsSummaryText.Feelings} variant="plan" />
        <OpportunityList module={feelings} />
      </ReportSection>

      <ReportSection id="ideas" title={title('ideas')}>
        <TextList items={feelings?.practices ?? []} labels={feelings?.wellsprings} level={3} />
        <h3 className={styles.subTitle}>{PLAN_TEXT.mindfulPracticesTitle}</h3>
        <TextList items={plan.mindfulPractices.map((p) => p.text)} />
      </ReportSection>

      <ReportSection id="affirmations" title={title('affirmations')}>
        <ListOrNone
          items={[...(experiences?.affirmations ?? []), ...(feelings?.affirmations ?? [])]}
          none={PLAN_TEXT.noneText}
          className={styles.cardList}
          render={(text) => (
            <li key={text} className={styles.affirmation}>
              {text}
            </li>
          )}
        />
      </ReportSection>

      <ReportSection id="energy" title={title('energy')} intro={REPORT_TEXT.energyIntro}>
        <EnergyResults text={plan.energyAndResilienceSummaryText.Energy.text} items={plan.energyChartData} />
        {energyContributors && <Contributors module={energyContributors} heading={PLAN_TEXT.contributorsTitle} level={3} />}
      </ReportSection>

      <ReportSection id="mindset" title={title('mindset')} intro={REPORT_TEXT.mindsetIntro}>
        <MindsetResults text={plan.mindsetResults.resultsText} data={plan.mindsetResults.chartData} />
      </ReportSection>

      <ReportSection id="resilience" title={title('resilience')} intro={REPORT_TEXT.resilienceIntro}>
        <ResilienceResults text={plan.resilienceResults.resultsText} data={plan.resilienceResults.chartData} />
      </ReportSection>

      <ReportSection id="individual-differences" title={title('individual-differences')} intro={DIFFERENCES_TEXT.intro}>
        <DifferencesTable differences={plan.individualDifferences} />
        <h3 className={styles.subTitle}>{similar ? PLAN_TEXT.lifeSituationsTitle : PLAN_TEXT.wholeGroupTitle}</h3>
        <p className={styles.sectionIntro}>{similar ? PLAN_TEXT.lifeSituationsIntro : PLAN_TEXT.wholeGroupIntro}</p>
        <div className={styles.twoColumns}>
          <ComparisonList heading={`${REPORT_TEXT.experiencesTitle}: ${more}`} items={lifeSituations.experiencesMore} />
          <ComparisonList heading={`${REPORT_TEXT.experiencesTitle}: ${less}`} items={lifeSituations.experiencesLess} />
          <ComparisonList heading={`${REPORT_TEXT.feelingsTitle}: ${more}`} items={lifeSituations.feelingsMore} />
          <ComparisonList heading={`${REPORT_TEXT.feelingsTitle}: ${less}`} items={lifeSituations.feelingsLess} />
        </div>
      </ReportSection>

      <ReportSection id="action-plan" title={title('action-plan')}>
        {plan.actionPlan.length === 0 ? (
          <p className={styles.muted}>{PLAN_TEXT.noneText}</p>
        ) : (
          <ol className={styles.steps}>
            {plan.actionPlan.map((step) => (
              <li key={step.text}>{step.text}</li>
            ))}
          </ol>
        )}
      </ReportSection>

      <ReportSection id="outro" title={title('outro')}>
        <Closing closingText={plan.closingText} notice={plan.notice} />
      </ReportSection>
    </Page>
  );
}

function Contributors({ module, heading, level = 4 }: { module: ModuleContributors; heading: string; level?: HeadingLevel }) {
  const Heading = level === 3 ? 'h3' : 'h4';
  return (
    <div className={level === 3 ? styles.spaced : undefined}>
      <Heading className={styles.cardItemTitle}>{heading}</Heading>
      <ul className={styles.bullets}>
        {module.contributors.map((c) => (
          <li key={c.id}>
            <span className={styles.label}>{c.displayName}: </span>
            {c.text}
          </li>
        ))}
      </ul>
    </div>
  );
}

function OpportunityList({ module }: { module: OpportunitiesAndAffirmations | undefined }) {
  return (
    <>
      <h3 className={styles.subTitle}>{PLAN_TEXT.opportunitiesTitle}</h3>
      <TextList items={module?.opportunities ?? []} labels={module?.wellsprings} />
    </>
  );
}

/** Texts as cards, each titled with its wellspring when known; "None" when empty. */
function TextList({ items, labels, level = 4 }: { items: readonly string[]; labels?: readonly string[]; level?: HeadingLevel }) {
  const Heading = level === 3 ? 'h3' : 'h4';
  return (
    <ListOrNone
      items={items}
      none={PLAN_TEXT.noneText}
      className={styles.cardGrid}
      render={(text, index) => (
        <li key={`${index}-${text}`} className={styles.opportunity}>
          {labels?.[index] && <Heading className={styles.cardItemTitle}>{labels[index]}</Heading>}
          <RichText text={text} />
        </li>
      )}
    />
  );
}

function ComparisonList({ heading, items }: { heading: string; items: readonly string[] }) {
  return (
    <div>
      <h4 className={styles.cardItemTitle}>{heading}</h4>
      <ListOrNone items={items} none={PLAN_TEXT.noneText} className={styles.bullets} render={(item) => <li key={item}>{item}</li>} />
    </div>
  );
}
