/**
 * Texts of the account page (/Account): the e-mail address and password a member signs in with
 * (issue 25 §3, DESIGN.md §12). Not in the specs: written to match the sign-in pages' wording
 * (apps/server/src/idp/views.ts) and the mails Bloom sends.
 */
export const ACCOUNT_TEXT = {
  pageTitle: 'Your account',
  heading: 'Your account',
  intro: 'The e-mail address and password you log in to Bloom with.',
  signedOutTitle: 'Log in to see your account',
  signedOutBody: 'Your account page shows the e-mail address and password you log in with, and lets you change them.',
  logIn: 'Log In',
  loading: 'Loading your account...',
  loadFailed: 'Your account could not be loaded just now.',
  retry: 'Try again',
  backToDashboard: 'Back to your dashboard',
  privacy: 'Your data and privacy',

  emailHeading: 'E-mail address',
  noEmail: 'No e-mail address is on record for your sign-in.',
  confirmed: 'Confirmed',
  notConfirmed: 'Not confirmed yet',
  confirmBody:
    'When you created your account we sent a link to this address. Your account already works; confirming the address lets us reach you, for example when you forget your password.',
  resend: 'Send the link again',
  resending: 'Sending...',
  resent: (email: string) => `We have sent a new link to ${email}. It works for 7 days.`,
  pending: (email: string) => `We sent a link to ${email}. Your address changes once you follow it, within 24 hours. Until then, keep logging in with your current address.`,

  changeEmailHeading: 'Use another e-mail address',
  newEmailLabel: 'New e-mail address',
  currentPasswordLabel: 'Current password',
  currentPasswordHint: 'So that nobody else who has your device can change your sign-in.',
  changeEmailSubmit: 'Send a confirmation link',
  changeEmailDone: (email: string) =>
    `We sent a link to ${email}. Your address changes once you follow it. We will also tell your current address when it has changed.`,

  passwordHeading: 'Password',
  passwordIntro: 'Changing your password signs you out on every other device. We send a notice to your e-mail address.',
  newPasswordLabel: 'New password',
  newPasswordHint: 'At least 10 characters. Not your e-mail address, not one character repeated, and not a commonly used password.',
  changePasswordSubmit: 'Change password',
  changing: 'Saving...',
  passwordChanged: 'Your password has been changed. You are still signed in here; every other device has been signed out.',
  forgotCurrent: 'Forgot your current password?',

  sessionsHeading: 'Signed-in browsers',
  sessionsIntro:
    'Still signed in on a phone, a shared computer or a device you no longer have? Sign out of Bloom everywhere except here. You stay signed in on this browser.',
  sessionsProviderNote: 'The service you log in with may still keep you signed in there: to sign out of it too, do that at the service.',
  sessionsPasswordHint: 'So that nobody else who has your device can sign you out elsewhere.',
  sessionsLoading: 'Loading...',
  endOtherSessionsSubmit: 'Sign out everywhere else',
  endingOtherSessions: 'Signing out...',
  otherSessionsEnded: (count: number) =>
    count === 0
      ? 'No other browser was signed in. You are still signed in here.'
      : `Signed out ${count === 1 ? '1 other browser' : `${count} other browsers`}. You are still signed in here.`,

  managedHeading: 'Your sign-in',
  managedBody: 'You log in to Bloom with another service, which looks after your e-mail address and password. Change them there.',

  enterCurrentPassword: 'Enter your current password.',
  enterNewPassword: 'Enter a new password.',
  enterNewEmail: 'Enter the new e-mail address.',
  failed: 'That did not work just now. Nothing was changed. Please try again.',
} as const;
