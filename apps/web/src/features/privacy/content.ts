/** Texts of the privacy page (/Account/Privacy). Not in the specs: written for Bloom's privacy promises (docs/security.md). */
export const PRIVACY_TEXT = {
  pageTitle: 'Your privacy and data',
  heading: 'Your privacy and data',
  intro:
    'Your answers describe your well-being, so they are health data. They are yours: you can download everything Bloom holds about you, see and withdraw each permission you have given, and delete your account.',
  signedOut: 'Nobody is signed in on this browser, so there is no data to show here.',
  backHome: 'Go to the Bloom home page',

  downloadHeading: 'Download your data',
  downloadBody:
    'One file (JSON) with your profile, every assessment with its answers and life situations, your permissions and their history, your purchases, the coach invitations you sent, accepted or were sent, and the e-mails we have queued or sent you (their subjects and dates, not their links). It never contains your password, and of other people only what you typed in yourself (such as the addresses you invited) and the name a coach shows to clients.',
  downloadLink: 'Download my data',

  consentsHeading: 'Permissions you have given',
  consentsIntro: 'Withdrawing a permission takes effect at once. The record of when you gave and withdrew it stays, so you can always see your history.',
  consentsEmpty: 'You have not given any permissions yet.',
  consentsLoading: 'Loading your permissions...',
  consentsFailed: 'Your permissions could not be loaded just now.',
  retry: 'Try again',
  given: 'Given',
  withdrawn: 'Withdrawn',
  active: 'Active',
  withdraw: 'Withdraw',
  withdrawing: 'Withdrawing...',
  withdrawFailed: 'That permission could not be withdrawn just now. Please try again.',
  withdrawDone: 'Permission withdrawn.',
  byYou: 'by you',
  byOther: (name: string | null) => `by ${name ?? 'your coach'}`,
  preGrantDialogTitle: 'Stop sharing new assessments with your coach?',
  preGrantDialogBody: 'Assessments you start from now on will no longer be shared with your coach. What about the assessments you have already shared?',
  preGrantChoiceLegend: 'Assessments you have already shared',
  preGrantKeep: 'Keep sharing them. You can still withdraw each one on its own in this list.',
  preGrantStop: 'Stop sharing all of them with your coach now.',
  preGrantWithdraw: 'Withdraw permission',
  kinds: {
    research: 'Your answers may be used, without your name, to build the comparison groups in reports.',
    /** `assessment`: its kind and the dashboard's label of it ("Rapid", "November 28, 2026, 12:52 PM"). */
    coachAccess: (coach: string | null, assessment: { type: string; label: string } | null) =>
      `${coach ?? 'Your coach'} may see your ${assessment ? `${assessment.type} ` : ''}assessment${assessment?.label ? ` of ${assessment.label}` : ''}.`,
    preGrant: (coach: string | null) => `${coach ?? 'Your coach'} may see every new assessment you start.`,
    clientAccess: (date: string | null) =>
      `Your coach released the results of your Professional assessment${date ? ` of ${date}` : ''} to you. This is your coach’s decision, so there is nothing to withdraw.`,
    unknown: 'A permission recorded by Bloom.',
  },
  /** An assessment's kind, as the dashboard names it. */
  rapid: 'Rapid',
  professional: 'Professional',

  deleteHeading: 'Delete your account',
  deleteBody:
    'Deleting your account erases your profile, every assessment with its answers and life situations, your permissions, your sign-in and your connection to a coach. Purchases are kept without your name or assessment, because bookkeeping law requires a record of every sale. This cannot be undone.',
  deleteOpen: 'Delete my account…',
  dialogTitle: 'Delete your account and all of your data?',
  dialogBody: 'This erases your assessments, answers, life situations and permissions at once. It cannot be undone. Download your data first if you want to keep a copy.',
  confirmLabel: (word: string) => `To confirm, type ${word} in capital letters`,
  cancel: 'Cancel',
  confirmDelete: 'Delete my account permanently',
  deleting: 'Deleting...',
  deleteFailed: 'Your account could not be deleted just now. Nothing was changed. Please try again.',
  deletedHeading: 'Your account has been deleted',
  deletedBody: 'Everything Bloom held about you has been erased, and you have been signed out on this browser.',
} as const;

/** The word the server expects in {"confirm": …} (DELETE_ACCOUNT_CONFIRMATION in @bloom/contracts). */
export const DELETE_CONFIRMATION_WORD = 'DELETE';
