/** Texts of the member dashboard (spec 02 §2 "Member Dashboard", §4, §8). */
export const DASHBOARD_TEXT = {
  title: 'Member Dashboard',
  /** `returning`: the member has an assessment with results; before that it is their first visit, not a return. */
  greeting: (name: string | null, returning: boolean) => {
    const welcome = returning ? 'Welcome back' : 'Welcome';
    return name ? `${welcome}, ${name}` : welcome;
  },
  intro: 'Your assessments and reports, all in one place.',
  logOut: 'Log out',
  /** Log out failed (offline, a server fault): said beside the button, which stays to try again. */
  logOutFailed: 'You are still logged in: Bloom could not be reached. Please try again.',
  memberResources: 'Member Resources',
  account: 'E-mail and password',
  privacy: 'Your data and privacy',
  opensInNewTab: '(opens in a new tab)',
  coachDashboard: 'Coach Dashboard',
  changeCoach: 'Change/Remove Coach',
  retakeRapid: 'Retake Rapid Assessment',
  retakeProfessional: 'Retake Professional Assessment',
  exportCsv: 'Export CSV Data',
  exporting: 'Exporting...',
  exportFinished: 'Finished.',
  exportFailed: 'Error exporting CSV.',
  exportFileName: 'data.csv',

  pastAssessments: 'Your assessments',
  noAssessments: 'You have not taken an assessment yet.',
  loadingAssessments: 'Loading your assessments...',
  assessmentsFailed: 'We could not load your assessments. Please reload the page to try again.',
  professional: 'Professional',
  rapid: 'Rapid',
  profile: 'Profile',
  positivityPlan: 'Positivity Plan',
  grantCoachAccess: 'Grant coach access',
  coachAccessGranted: 'Coach access granted',
  coachAccessNowGranted: 'Coach access granted. Your coach can now see this assessment.',
  grantCoachAccessFailed: 'That did not work. Your coach still cannot see this assessment. Please try again.',
  pendingCoachApproval: 'Pending coach approval',
  /** An assessment below the coverage rule (DESIGN.md §11): no profile or plan until more is answered. */
  notFinished: 'Not finished',
  /** Results that rest on questions left unanswered (Energy may be short), which can still be answered beside the reports. */
  questionsLeft: 'Some questions unanswered',
  continueAssessment: 'Continue assessment',
  assessmentLabel: (type: string, date: string) => `${type} assessment, ${date}`,

  coachDialogTitle: 'Change or remove your coach',
  /** Only one's own coach is listed (decision 0030): another coach is joined through their invitation. */
  coachDialogDescription: 'Keep your coach, or choose "No Coach" to work on your own. To work with another coach, ask them to send you an invitation by e-mail.',
  coachSelectLabel: 'Coach',
  coachSelectPlaceholder: 'Choose…',
  noCoach: 'No Coach',
  currentCoachSuffix: ' (current)',
  loadingCoaches: 'Loading coaches...',
  /** The coach list could not be read (offline, a server error): said at the list, with Try again. */
  coachesFailed: 'The coach list could not be loaded just now.',
  tryAgain: 'Try again',
  save: 'Save',
  coachChangeFailed: 'That did not work. Nothing was changed. Please try again.',
  coachRemoved: 'You no longer have a coach.',
  coachSaved: 'Your coach choice is saved.',
  cancel: 'Cancel',

  preGrantTitle: 'Your coach asks to see your future assessments',
  preGrantBody: (coach: string | null) =>
    `${coach ?? 'Your coach'} would like every assessment you start from now on to be shared with them, without asking each time. Your past assessments are not affected. You can withdraw this at any time under “Your data and privacy”.`,
  preGrantConfirm: 'Share future assessments',
  preGrantDecline: 'Decline',
  preGrantConfirmed: 'Thank you. Your future assessments will be shared with your coach.',
  preGrantDeclined: 'You declined. Your coach sees an assessment only when you grant access to it.',
  preGrantFailed: 'Your answer could not be saved just now. Please try again.',

  coachPendingTitle: 'Your coach account is awaiting approval',
  coachPendingBody: 'An administrator will review your request. The Coach Dashboard becomes available once you are approved.',

  signedOutTitle: 'Please log in to see your dashboard',
  signedOutBody: 'Your dashboard lists your assessments and reports once you are logged in.',
  memberLogIn: 'Member Log In',
} as const;
