import type { InsightComparisonWithheld } from '@bloom/contracts';

/** Texts of the coach screens (spec 02 §2 "Coach signup/login", "Coach name", "Coach Dashboard"; §8). The supplement's and the invitations' are in supplement-content.ts and invitations-content.ts, so the dashboard's first paint carries neither. */
export const COACH_TEXT = {
  login: {
    title: 'Bloom for coaches',
    intro: 'Sign up or log in to see your clients’ assessments, grouped by organization and group, and to manage who you coach.',
    button: 'Signup / Login',
  },
  name: {
    title: 'Your name',
    prompt: 'Please enter your name as you would like it shown to clients.',
    firstName: 'First Name',
    lastName: 'Last Name',
    submit: 'Submit',
    firstNameRequired: 'Enter your first name.',
    lastNameRequired: 'Enter your last name.',
    saveFailed: 'Failed to save name.',
    unexpected: 'An error occurred. Please try again.',
  },
  dashboard: {
    title: 'Coach Dashboard',
    logOut: 'Log out',
    /** Log out failed (offline, a server fault): said beside the button, which stays to try again. */
    logOutFailed: 'You are still logged in: Bloom could not be reached. Please try again.',
    memberDashboard: 'Member Dashboard',
    clientManagement: 'Client Management',
    noAssessments: 'No assessments',
    loading: 'Loading your clients...',
    failed: 'We could not load your clients. Please reload the page to try again.',
    independentClients: 'Independent Clients',
    noGroup: 'No Group',
    professional: 'Professional',
    rapid: 'Rapid',
    profile: 'Profile',
    positivityPlan: 'Positivity Plan',
    viewSupplement: 'View Coach Supplement',
    pendingClientPermission: 'Pending client permission',
    grantClientAccess: 'Grant client access',
    clientAccessGranted: 'Client access granted',
    clientAccessNowGranted: 'Client access granted. Your client can now see these results.',
    grantClientAccessFailed: 'That did not work. Your client still cannot see these results. Please try again.',
    grantClientAccessConfirm: 'Release results',
    /** The same button over a release a former coach made (decision 0056); the confirmation's own texts are in grant-access-content.ts. */
    releaseAgain: {
      failed: 'That did not work. Nothing changed. Please try again.',
      done: 'Client access granted. These results are now released by you.',
    },
    cancel: 'Cancel',
    notApplicable: 'N/A',
    /** Read before "N/A" by screen readers only, so the disabled button of a Rapid assessment says what is not applicable. */
    clientAccessHidden: 'Client access:',
    clientCount: (n: number) => `${n} ${n === 1 ? 'client' : 'clients'}`,
    assessmentCount: (n: number) => (n === 0 ? 'No assessments' : `${n} ${n === 1 ? 'assessment' : 'assessments'}`),
    unnamedClient: 'Name not given',
    /** Issue 26: the client's shared assessments over time, with reliable change. */
    viewProgress: 'View progress',
    ofClient: (name: string) => `of ${name}`,
    assessmentActions: (type: string, date: string) => `${type} assessment of ${date}`,
  },
  /** Issue 27: the anonymous group lotus of an organization or a group (DESIGN §14). */
  insight: {
    organizationHeading: 'Organization figures',
    groupHeading: 'Group figures',
    loading: 'Loading the figures...',
    failed: 'We could not load these figures. Please reload the page to try again.',
    basedOn: (n: number) => `Means of the latest shared assessments of ${n} people.`,
    lotusTitle: (name: string, n: number) => `Life Lotus of ${name}: the mean of ${n} people`,
    scoresLabel: (name: string) => `Mean scores of ${name}`,
    score: 'Score',
    mean: 'Mean',
    change: (quarter: string) => `Change since ${quarter}`,
    changeNote: (quarter: string, n: number) =>
      `Change is the mean now minus the mean at the end of ${quarter} (${n} people then). It is a change of group means, not a measure of any one person.`,
    noComparison: (quarter: string) => `No comparison with ${quarter}:`,
    privateTitle: 'Figures kept private',
    privacyNote: 'Figures show only for 5 or more people, so that nobody’s own results can be seen or worked out.',
    print: 'Print report',
    printOf: (name: string) => `of ${name}`,
    downloadCsv: 'Download group figures (CSV)',
    reportEyebrow: 'Group report',
    reportDate: 'As of',
    reportPeople: 'People',
  },
  /** Issue 27 part 3: what a first-time coach does, on the empty dashboard. */
  checklist: {
    title: 'Getting started',
    lead: 'Four steps to your first clients:',
    steps: [
      { title: 'Set your name', body: 'Your invitations and your clients’ dashboards show this name.', link: 'Set your name', to: '/Coach/Name' },
      {
        title: 'Create an organization and a group',
        body: 'Optional: for a team, a school class or a department. Clients you do not place in one appear as independent clients.',
        link: 'Open Client Management',
        to: '/ClientManagement',
      },
      {
        title: 'Invite your clients',
        body: 'Send each client an invitation below: whoever signs up or logs in through it becomes your client, in the organization and group you choose. The client link is Bloom’s welcome for clients; people who start there join you through your invitation.',
        link: null,
        to: '/Client',
      },
      {
        title: 'What your clients see',
        body: 'Clients see their own results. You see an assessment only once a client shares it with you, and Professional results open to the client when you release them. Group figures show only for 5 or more people who shared, and never name anyone.',
        link: null,
        to: null,
      },
    ],
    clientLinkLabel: 'Client link',
  },
  pending: {
    title: 'Your coach account is awaiting approval',
    body: 'An administrator will review your request. Once you are approved, your clients and their assessments appear here.',
  },
  notCoach: {
    title: 'This page is for coaches',
    body: 'Sign up or log in as a coach to see your clients here.',
    link: 'Go to the coach sign-up',
  },
} as const;

/**
 * Plain words for why a figure is hidden or not compared; the same words as the CSV's
 * (INSIGHT_REASON_TEXT of @bloom/contracts, which the browser does not load: a test keeps them equal).
 */
export const INSIGHT_REASON_WORDS: Record<InsightComparisonWithheld, string> = {
  'fewer-than-five': 'Fewer than 5 people have shared an assessment here, so no figures are shown to keep each person anonymous.',
  complementary: 'Shown together with the other figures, these figures would let someone work out the results of fewer than 5 people, so they are hidden.',
  change: 'Fewer than 5 people took a new assessment since then, so the change would be about too few people to show.',
};

/**
 * Why the comparison with the previous quarter is missing under figures that are shown. The
 * hidden-figure words above would say "no figures are shown" beside them, and `change` is also
 * the reason when more than 5 re-assessed but the change could still be traced by subtracting
 * the other figures shown (decideInsight withholds comparisons in a fixed order).
 */
export const INSIGHT_COMPARISON_WORDS: Record<InsightComparisonWithheld, string> = {
  'fewer-than-five': 'Fewer than 5 of these people had shared an assessment by the end of that quarter, so there is nothing anonymous to compare with.',
  complementary: 'Together with the other figures, that quarter’s figures would let someone work out the results of fewer than 5 people, so they are not shown.',
  change: 'The change since then could be traced to fewer than 5 people, alone or together with the other figures shown, so it is not shown.',
};
