import { useId, useState } from 'react';
import { useCurrentUser } from '../../../hooks/useCurrentUser';
import { useNavigateWhenShown } from '../../../hooks/useNavigateWhenShown';
import { useSaveResearchOptIn } from '../api/mutations';
import { PageTitle } from '../../../components/layout/PageTitle';
import { Page } from '../../../components/ui/Page';
import { NextButton } from '../components/NextButton';
import { PageLoading } from '../components/PageStatus';
import { RichText } from '../components/RichText';
import { useOnce } from '../hooks/useOnce';
import { canContinueResearch, DEFAULT_RESEARCH_CHOICE, toggleResearchChoice, type ResearchChoice } from '../logic/research';
import { LIFE_SITUATIONS_PATH } from '../logic/navigation';
import { JOURNEY_PAGE_TEXT } from '../content/pages';
import { RESEARCH_TEXT as T } from '../content/research';
import journey from '../Journey.module.css';
import styles from './ResearchPage.module.css';

/** /Research — research consent (spec 01 §2, §4). */
export default function ResearchPage() {
  const navigate = useNavigateWhenShown();
  const { busy, once } = useOnce();
  const { user, isLoading } = useCurrentUser();
  const save = useSaveResearchOptIn();
  const [choice, setChoice] = useState<ResearchChoice>(DEFAULT_RESEARCH_CHOICE);
  const hintId = useId();

  if (isLoading) {
    return (
      <>
        <PageTitle title={T.title} />
        <PageLoading />
      </>
    );
  }

  // Already opted in: the consent text is skipped and only Continue shows.
  if (user?.researchOptIn) {
    return (
      <Page stack={false} className={`${journey.page} ${journey.narrow}`}>
        <PageTitle title={T.thanksTitle} />
        <h1 className={journey.title}>{T.thanksTitle}</h1>
        <div className={journey.actions}>
          <NextButton label={JOURNEY_PAGE_TEXT.continue} onClick={() => once(() => navigate(LIFE_SITUATIONS_PATH))} busy={busy} />
        </div>
      </Page>
    );
  }

  async function submit() {
    if (!canContinueResearch(choice)) return;
    await save.mutateAsync(choice === 'yes');
    await navigate(LIFE_SITUATIONS_PATH);
  }

  const option = (value: 'yes' | 'no', label: string) => (
    <label className={styles.choice}>
      <input type="checkbox" checked={choice === value} onChange={(event) => setChoice((current) => toggleResearchChoice(current, value, event.target.checked))} />
      <span>{label}</span>
    </label>
  );

  return (
    <Page stack={false} className={`${journey.page} ${journey.narrow}`}>
      <PageTitle title={T.title} />
      <h1 className={journey.title}>{T.title}</h1>
      <RichText text={T.body.join('\n')} />
      <form className={journey.form} onSubmit={(event) => event.preventDefault()}>
        <fieldset className={styles.choices}>
          <legend className={styles.legend}>{T.legend}</legend>
          {option('yes', T.yes)}
          {option('no', T.no)}
        </fieldset>
        <div className={journey.actions}>
          {!canContinueResearch(choice) && (
            <p id={hintId} className={journey.hint}>
              {T.hint}
            </p>
          )}
          <NextButton
            label={JOURNEY_PAGE_TEXT.continue}
            onClick={() => once(submit)}
            disabled={!canContinueResearch(choice)}
            busy={busy}
            describedBy={canContinueResearch(choice) ? undefined : hintId}
          />
        </div>
      </form>
    </Page>
  );
}
