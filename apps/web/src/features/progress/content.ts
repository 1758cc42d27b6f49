/**
 * Every word of /Progress and a coach's view of a client's progress (issue 26, DESIGN §13). A
 * change is described as a change in answers, never as a diagnosis. /Admin/Instrument's words are
 * in instrument-content.ts, so /Progress's code does not carry them; the badges', measures' and
 * trend charts' words, shared with the member dashboard, in src/content/progress.ts.
 */

/** Who the page is about: the reader ("your") or a coach's client ("their"). */
export type Subject = 'self' | 'client';

export const PROGRESS_TEXT = {
  title: 'Your progress',
  clientTitle: (name: string) => `Progress of ${name}`,
  clientTitleUnnamed: 'Progress of your client',
  lead: (subject: Subject) =>
    subject === 'self'
      ? 'How your scores have changed from one assessment to the next, and whether each change is larger than the questionnaire’s own measurement noise.'
      : 'How your client’s scores have changed across the assessments they have shared with you, and whether each change is larger than the questionnaire’s own measurement noise.',
  loading: 'Loading progress...',
  failed: 'We could not load the progress just now. Please reload the page to try again.',
  toDashboard: 'Back to the Member Dashboard',
  toCoachDashboard: 'Back to the Coach Dashboard',

  signedOutTitle: 'Please log in to see your progress',
  signedOutBody: 'Your progress compares your assessments over time once you are logged in.',
  memberLogIn: 'Member Log In',

  notCoachTitle: 'This page is for coaches',
  notCoachBody: 'Sign up or log in as a coach to follow your clients’ progress.',
  coachSignUp: 'Go to the coach sign-up',
  notAvailableTitle: 'This progress is not available',
  notAvailableBody: 'It shows only for your own clients, and only the assessments they have shared with you.',

  emptyTitle: (subject: Subject) => (subject === 'self' ? 'No results yet' : 'No shared results yet'),
  emptyBody: (subject: Subject) =>
    subject === 'self'
      ? 'Once you finish an assessment, your scores appear here. Take another one later to see how they change.'
      : 'Once your client finishes an assessment and shares it with you, their scores appear here.',
  startRapid: 'Take the Rapid Assessment',
  oneTitle: 'No change to show yet',
  oneBody: (subject: Subject, date: string) =>
    subject === 'self'
      ? `You have one assessment with results, from ${date}. Take another one to see how your scores change.`
      : `There is one shared assessment with results, from ${date}. A change shows once there is a second one.`,
  retakeRapid: 'Retake Rapid Assessment',

  summaryTitle: 'Latest change',
  summaryLead: (from: string, to: string) => `From ${from} to ${to}.`,
  summaryNote: '“Improved” and “declined” mean a change larger than the questionnaire’s measurement noise.',
  summaryNoteLink: 'What this means',
  summaryProvisional: 'For now the figures behind this are provisional.',

  chartsTitle: 'Your scores over time',
  clientChartsTitle: 'Scores over time',
  chartsNote: 'Each chart shows one score on the scale from 0 (Rarely) to 4 (Very Often), one point per assessment, oldest on the left.',

  tableTitle: 'Your assessments',
  clientTableTitle: 'Shared assessments',
  tableCaption: 'Assessments with results, oldest first, and their scores (0 to 4; resilience in percent)',
  columns: {
    when: 'Date and time',
    type: 'Type',
    overall: 'Overall',
    experiences: 'Experiences',
    feelings: 'Feelings',
    energy: 'Energy',
    mindset: 'Mindset',
    resilience: 'Resilience',
  },
  professional: 'Professional',
  rapid: 'Rapid',

  aboutTitle: 'What “reliable change” means',
  about: [
    'Answering the same questions twice never gives exactly the same scores, even when nothing has changed: a different mood, a different day or a different reading of a question moves them a little. That is the questionnaire’s measurement noise.',
    'A change is called reliable when it is larger than that noise, judged by the Jacobson–Truax reliable change index. It uses how consistently the questions of a score are answered (Cronbach’s alpha) and how much scores differ between people. A change is reliable when noise alone would produce one that large less than 5 times in 100.',
    '“Improved” and “declined” mean a reliable rise or fall. “No reliable change” means the difference is within the noise: it may be real, but these answers cannot tell. A petal rests on only a few questions in the Rapid Assessment, so its changes need to be larger to count.',
    'A change is “not judged” when a score rests on only some of its questions, because others were skipped: the noise of fewer answers is larger than the figures allow for, so the difference is shown without a verdict.',
    'These figures describe answers to a questionnaire about positive experiences and feelings. They are not a diagnosis and say nothing about health. If something worries you, talk to someone you trust or a professional.',
  ],
  provisional: (liveFrom: number) =>
    `The figures used to judge these changes are provisional for now. They are Bloom’s bundled reference figures, worked out from simulated answers, and are replaced by figures from real assessments once ${liveFrom} people who agreed to research have completed that form.`,
  provisionalTitle: 'Provisional figures',
} as const;
