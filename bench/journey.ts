import { runUsers, type LoadOptions, type SimUser } from './support/load';

/** What the journey needs of a browser: one API call at a time (the bench's SimUser; the round-trip API test's client). */
export type JourneyUser = Pick<SimUser, 'call'>;

type Question = { questionGuid: string; order: number };
type ModulePage = { wellsprings: { questions: Question[] }[] };

const LIFE_DATA = {
  relationshipStatus: 'Married or domestic partnership',
  parentingStatus: 'Two-parent household',
  employmentStatus: 'Employed full time',
  age: 41,
  gender: 'Female',
  income: '$75,000 to $100,000',
  stressfulEvents: 'No',
};

/**
 * Every call the browser makes while a guest takes the whole Rapid assessment, in order: 62
 * calls, 40 of them writes. Recorded from Chromium clicking through the Rapid journey as a guest
 * (2026-11-26, after decision 0022): each answer is saved as it is chosen, so the 30 answers are
 * 30 one-item saves. e2e/tests/bench-journey.spec.ts fails when the app's calls no longer match
 * these; record them again then. getCurrentUser is asked on
 * every route change and again after a call that changes the user (guest start, research
 * opt-in); SaveUserProgress follows each route change once the page is up.
 */
export async function rapidGuestJourney(user: JourneyUser): Promise<void> {
  const currentUser = () => user.call('getCurrentUser', 'GET', '/api/user/getCurrentUser');
  const saveProgress = (route: string) => user.call('SaveUserProgress', 'POST', '/api/user/SaveUserProgress', { route });
  await user.call('GetModulesAndPetals', 'GET', '/api/data/GetModulesAndPetals');
  await currentUser();
  await user.call('ContinueAsGuest', 'POST', '/api/user/ContinueAsGuest', { referrer: 'bench' });
  await user.call('CreateNewAssessment', 'POST', '/api/user/CreateNewAssessment/Rapid');
  await currentUser();
  for (const moduleName of ['Experiences', 'Feelings', 'Energy']) {
    // The first page's questions are asked before its route's getCurrentUser; the others after.
    const questions = () => user.call<ModulePage>('GetModuleQuestions', 'GET', `/api/data/GetModuleQuestions/${moduleName}`);
    let page: ModulePage;
    if (moduleName === 'Experiences') {
      page = await questions();
      await currentUser();
    } else {
      await currentUser();
      page = await questions();
    }
    await saveProgress(`/Rapid/${moduleName}`);
    const questionsInOrder = page.wellsprings.flatMap((w) => w.questions);
    for (const [i, q] of questionsInOrder.entries()) {
      const answer = { questionGuid: q.questionGuid, response: (i * 7 + moduleName.length) % 5, order: q.order };
      await user.call('SaveQuestionResponse', 'POST', '/api/user/SaveQuestionResponse', [answer]);
    }
  }
  await currentUser();
  await saveProgress('/Research');
  await user.call('SaveResearchOptIn', 'POST', '/api/user/SaveResearchOptIn/true');
  await currentUser();
  await user.call('GetLifeSituationsForm', 'GET', '/api/data/GetLifeSituationsForm');
  await user.call('GetPreviousLifeData', 'GET', '/api/user/GetPreviousLifeData');
  await currentUser();
  await saveProgress('/LifeSituations');
  await user.call('SaveLifeData', 'POST', '/api/user/SaveLifeData', LIFE_DATA);
  await user.call('GetSummaryText', 'GET', '/api/data/GetSummaryText');
  await user.call('getEightPetalData', 'GET', '/api/data/getEightPetalData');
  await user.call('GetPositivityPotential', 'GET', '/api/data/GetPositivityPotential');
  await user.call('GetLatestAssessment', 'GET', '/api/user/GetLatestAssessment');
  await user.call('GetResultsCoverage', 'GET', '/api/data/GetResultsCoverage');
  await currentUser();
  await saveProgress('/YourLifeLotus');
  await user.call('GetTestimonials', 'GET', '/api/data/GetTestimonials');
  await user.call('GetSiteContent', 'GET', '/api/data/GetSiteContent');
}

export async function runJourneyLoad(options: LoadOptions) {
  return runUsers(options, rapidGuestJourney);
}

/** The baseline's load: the same client, concurrency and pacing, one fixed-JSON GET per call. */
export async function runBareLoad(options: LoadOptions) {
  return runUsers(options, async (user) => {
    for (let i = 0; i < 20; i++) await user.call('bare', 'GET', '/api/bare');
  });
}

/**
 * The floor under every journey call: a guest asks only `getCurrentUser` (asked on every
 * route change), so each request is the session read plus the HTTP and framework work and
 * nothing else. No mix of journey calls can run faster than this, so its ratio to the bare
 * server is a ceiling for the journey's ratio.
 */
export async function runSessionFloorLoad(options: LoadOptions) {
  return runUsers(options, async (user) => {
    await user.call('ContinueAsGuest', 'POST', '/api/user/ContinueAsGuest', { referrer: 'bench' });
    for (let i = 0; i < 20; i++) await user.call('getCurrentUser', 'GET', '/api/user/getCurrentUser');
  });
}
