import { html, type SafeHtml } from './html';
import { FORGOT_PATH, IDP_PATH, RESET_PATH, VERIFY_PATH } from './links';
import { PASSWORD_MIN_LENGTH, PASSWORD_RULES_TEXT } from './password-policy';

/**
 * Server-rendered pages of the embedded identity provider. No scripts (the CSP forbids
 * inline ones and none are needed); focus lands on the first field with an error via
 * `autofocus`, errors are tied to their fields with aria-describedby, and every value
 * is escaped by the `html` template.
 */
export const STYLESHEET_PATH = '/idp/assets/bloom.css';
/** The web app's lotus mark (apps/web/public/images), served from the same origin as these pages. */
const LOGO_MARK_PATH = '/images/bloom-lotus.svg';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

function layout(title: string, body: SafeHtml): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Bloom</title>
<link rel="stylesheet" href="${STYLESHEET_PATH}">
</head>
<body>
<a class="skip" href="#main">Skip to the form</a>
<header><div class="header-inner"><a class="brand" href="/" aria-label="Bloom home"><img class="mark" src="${LOGO_MARK_PATH}" alt="" width="44" height="33"><span class="wordmark">Bloom</span></a></div></header>
<main id="main"><div class="card">
${body}
</div></main>
</body>
</html>
`.value;
}

interface FieldSpec {
  name: string;
  label: string;
  type: 'text' | 'email' | 'password';
  autocomplete: string;
  value?: string;
  error?: string;
  hint?: string;
  autofocus: boolean;
  minLength?: number;
  maxLength: number;
}

function field(spec: FieldSpec): SafeHtml {
  const hintId = spec.hint ? `${spec.name}-hint` : null;
  const errorId = spec.error ? `${spec.name}-error` : null;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ');
  return html`<div class="field">
<label for="${spec.name}">${spec.label}</label>
${spec.hint && html`<span class="hint" id="${hintId}">${spec.hint}</span>`}
<input id="${spec.name}" name="${spec.name}" type="${spec.type}" autocomplete="${spec.autocomplete}" required maxlength="${spec.maxLength}"${spec.minLength ? html` minlength="${spec.minLength}"` : null}${spec.value !== undefined && spec.type !== 'password' ? html` value="${spec.value}"` : null}${describedBy ? html` aria-describedby="${describedBy}"` : null}${spec.error ? html` aria-invalid="true"` : null}${spec.autofocus ? html` autofocus` : null}>
${spec.error && html`<span class="error" id="${errorId}">Error: ${spec.error}</span>`}
</div>`;
}

function errorSummary(errors: Array<{ field: string; message: string }>): SafeHtml | null {
  if (errors.length === 0) return null;
  return html`<div class="summary" role="alert"><h2>There is a problem</h2><ul>${errors.map(
    (error) => html`<li><a href="#${error.field}">${error.message}</a></li>`,
  )}</ul></div>`;
}

/**
 * Where a sign-in page's buttons lead with the address typed so far (WCAG 3.3.7 Redundant Entry):
 * "Forgot password?", "Create your account", "Log in" and "Back to log in" post the form they
 * belong to here, so the next form opens with the address in its box, and the address never goes
 * into a URL. Such a post checks, counts and sends nothing: it keeps the address for that sign-in
 * page and sends the browser on to the page (interactions.ts). The buttons look and are announced
 * as the links they were (role="link"), skip the form's checks (formnovalidate), and come after
 * the form's own submit button, which stays the one Enter presses. No script is needed.
 */
export type CarryTarget = 'login' | 'signup' | 'forgot';
export const carryPath = (uid: string, page: CarryTarget): string => `${IDP_PATH}/interaction/${uid}/open/${page}`;

/** A button that posts the form it belongs to (`form`: an id, for a button outside it) to `action`, looking like a link. */
function carryButton(input: { action: string; label: string; form?: string }): SafeHtml {
  return html`<button type="submit" class="link" role="link" formaction="${input.action}" formmethod="post" formnovalidate${input.form ? html` form="${input.form}"` : null}>${input.label}</button>`;
}

/** The first field (in page order) with an error gets focus; with no errors, the first field does. */
function focusFirst<F extends string>(order: readonly F[], errors: FieldErrors<F>): F {
  return order.find((name) => errors[name]) ?? order[0]!;
}

const LOGIN_FIELDS = ['email', 'password'] as const;
export type LoginField = (typeof LOGIN_FIELDS)[number];

export function loginPage(input: { uid: string; email?: string; errors?: FieldErrors<LoginField> }): string {
  const errors = input.errors ?? {};
  // An address brought along from another form (carryPath) leaves the password to type.
  const focus = !errors.email && !errors.password && input.email ? 'password' : focusFirst(LOGIN_FIELDS, errors);
  return layout(
    'Log in',
    html`<h1>Log in to Bloom</h1>
<p class="muted">Use the e-mail address and password of your Bloom account.</p>
${errorSummary(LOGIN_FIELDS.filter((name) => errors[name]).map((name) => ({ field: name, message: errors[name]! })))}
<form method="post" action="${IDP_PATH}/interaction/${input.uid}/login" id="login-form">
${field({ name: 'email', label: 'E-mail address', type: 'email', autocomplete: 'username', value: input.email ?? '', error: errors.email, autofocus: focus === 'email', maxLength: 254 })}
${field({ name: 'password', label: 'Password', type: 'password', autocomplete: 'current-password', error: errors.password, autofocus: focus === 'password', maxLength: 256 })}
<button type="submit">Log in</button>
<p class="aside">${carryButton({ action: carryPath(input.uid, 'forgot'), label: 'Forgot password?' })}</p>
</form>
<p class="switch">New to Bloom? ${carryButton({ action: carryPath(input.uid, 'signup'), label: 'Create your account', form: 'login-form' })}</p>`,
  );
}

const SIGNUP_FIELDS = ['firstName', 'lastName', 'email', 'password'] as const;
export type SignupField = (typeof SIGNUP_FIELDS)[number];

export function signupPage(input: { uid: string; values?: Partial<Record<SignupField, string>>; errors?: FieldErrors<SignupField> }): string {
  const errors = input.errors ?? {};
  const values = input.values ?? {};
  const focus = focusFirst(SIGNUP_FIELDS, errors);
  return layout(
    'Create your account',
    html`<h1>Create your Bloom account</h1>
<p class="muted">Your account keeps your assessments and reports in one place.</p>
${errorSummary(SIGNUP_FIELDS.filter((name) => errors[name]).map((name) => ({ field: name, message: errors[name]! })))}
<form method="post" action="${IDP_PATH}/interaction/${input.uid}/signup" id="signup-form">
${field({ name: 'firstName', label: 'First name', type: 'text', autocomplete: 'given-name', value: values.firstName ?? '', error: errors.firstName, autofocus: focus === 'firstName', maxLength: 100 })}
${field({ name: 'lastName', label: 'Last name', type: 'text', autocomplete: 'family-name', value: values.lastName ?? '', error: errors.lastName, autofocus: focus === 'lastName', maxLength: 100 })}
${field({ name: 'email', label: 'E-mail address', type: 'email', autocomplete: 'email', value: values.email ?? '', error: errors.email, autofocus: focus === 'email', maxLength: 254 })}
${field({ name: 'password', label: 'Password', type: 'password', autocomplete: 'new-password', hint: PASSWORD_RULES_TEXT, error: errors.password, autofocus: focus === 'password', minLength: PASSWORD_MIN_LENGTH, maxLength: 256 })}
<button type="submit">Create account</button>
</form>
<p class="switch">Already have an account? ${carryButton({ action: carryPath(input.uid, 'login'), label: 'Log in', form: 'signup-form' })}</p>`,
  );
}

/** A dead end with a way back: expired sign-in pages, refused requests, provider errors. */
export function messagePage(input: { title: string; message: string; appOrigin: string }): string {
  return layout(
    input.title,
    html`<h1>${input.title}</h1>
<p>${input.message}</p>
<p><a href="${input.appOrigin}/">Return to Bloom</a></p>`,
  );
}

/** The backoff pauses for seconds, the window for minutes: say whichever is true ("5 seconds", "2 minutes"). */
export function waitingTime(seconds: number): string {
  if (seconds < 60) {
    const whole = Math.max(1, Math.ceil(seconds));
    return `${whole} second${whole === 1 ? '' : 's'}`;
  }
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export function tooManyAttemptsPage(input: { retryAfterSeconds: number; appOrigin: string }): string {
  return messagePage({
    title: 'Too many attempts',
    message: `For your security, signing in is paused for a moment. Please wait ${waitingTime(input.retryAfterSeconds)} and try again.`,
    appOrigin: input.appOrigin,
  });
}

/* ── Account recovery (decision 0028) ─────────────────────────────────────────────────────── */

/**
 * Where "Back to log in" leads: a plain link (into Bloom, for the form opened without a sign-in
 * page), or the sign-in page's "Log in", which the address typed or sent to is carried to (carryPath).
 */
export type BackToLogIn = { href: string } | { carryTo: string };

/** "Forgot password?": one field. `action` is where the form posts; `back` where "Back to log in" leads. */
export function forgotPasswordPage(input: { action: string; back: BackToLogIn; email?: string; error?: string }): string {
  return layout(
    'Reset your password',
    html`<h1>Reset your password</h1>
<p class="muted">Enter the e-mail address of your Bloom account. We will send you a link to choose a new password.</p>
${errorSummary(input.error ? [{ field: 'email', message: input.error }] : [])}
<form method="post" action="${input.action}" id="forgot-form">
${field({ name: 'email', label: 'E-mail address', type: 'email', autocomplete: 'email', value: input.email ?? '', error: input.error, autofocus: true, maxLength: 254 })}
<button type="submit">Send me a link</button>
</form>
<p class="switch">${'carryTo' in input.back ? carryButton({ action: input.back.carryTo, label: 'Back to log in', form: 'forgot-form' }) : html`<a href="${input.back.href}">Back to log in</a>`}</p>`,
  );
}

/** The one answer "Forgot password?" gives, whether or not the address has an account. */
export function forgotPasswordSentPage(input: { email: string; back: BackToLogIn }): string {
  return layout(
    'Check your e-mail',
    html`<h1>Check your e-mail</h1>
<p role="status">If an account exists for ${input.email}, we have sent a link to choose a new password. It works once, for 30 minutes.</p>
<p class="muted">No e-mail after a few minutes? Check your spam folder, or make sure you typed the address of your Bloom account.</p>
${'carryTo' in input.back
    ? html`<form method="post" action="${input.back.carryTo}" class="switch">
<input type="hidden" name="email" value="${input.email}">
<p><button type="submit" class="link" role="link">Back to log in</button></p>
</form>`
    : html`<p class="switch"><a href="${input.back.href}">Back to log in</a></p>`}`,
  );
}

/** The form behind a reset link: the new password, under the same rules as at sign-up. */
export function resetPasswordPage(input: { token: string; email: string; error?: string }): string {
  return layout(
    'Choose a new password',
    html`<h1>Choose a new password</h1>
<p class="muted">For the Bloom account ${input.email}. Afterwards you are signed out everywhere, and you log in with the new password.</p>
${errorSummary(input.error ? [{ field: 'password', message: input.error }] : [])}
<form method="post" action="${RESET_PATH}">
<input type="hidden" name="token" value="${input.token}">
${field({ name: 'password', label: 'New password', type: 'password', autocomplete: 'new-password', hint: PASSWORD_RULES_TEXT, error: input.error, autofocus: true, minLength: PASSWORD_MIN_LENGTH, maxLength: 256 })}
<button type="submit">Save the new password</button>
</form>`,
  );
}

export function passwordResetDonePage(input: { appOrigin: string }): string {
  return layout(
    'Password changed',
    html`<h1>Your password has been changed</h1>
<p role="status">You have been signed out of Bloom everywhere. Log in with your new password.</p>
<p><a href="${input.appOrigin}/Dashboard">Go to Bloom and log in</a></p>`,
  );
}

/**
 * The button behind a confirmation link. A button rather than confirming on arrival: mail
 * scanners open links by themselves, and must not confirm an address nobody read. An address
 * with admin rights also asks for a new password (decision 0059), whoever opened the account.
 */
export function confirmAddressPage(input: { token: string; email: string; newAddress: boolean; choosePassword: boolean; error?: string }): string {
  const title = input.newAddress ? 'Confirm your new e-mail address' : 'Confirm your e-mail address';
  const passwordField = input.choosePassword
    ? html`<p>This address has administrator rights in Bloom, so confirming it also sets the account's password. Choose a new one: you log in with it from now on, and Bloom signs the account out everywhere else.</p>
${errorSummary(input.error ? [{ field: 'password', message: input.error }] : [])}
${field({ name: 'password', label: 'New password', type: 'password', autocomplete: 'new-password', hint: PASSWORD_RULES_TEXT, error: input.error, autofocus: true, minLength: PASSWORD_MIN_LENGTH, maxLength: 256 })}`
    : null;
  return layout(
    title,
    html`<h1>${title}</h1>
<p>${input.newAddress ? 'Use ' : 'Confirm '}<strong>${input.email}</strong>${input.newAddress ? ' as the e-mail address of your Bloom account? You will log in with it from now on.' : ' as the e-mail address of your Bloom account?'}</p>
<form method="post" action="${VERIFY_PATH}">
<input type="hidden" name="token" value="${input.token}">
${passwordField}
<button type="submit">${input.newAddress ? 'Use this address' : 'Confirm my address'}</button>
</form>
<p class="muted">If you did not ask for this, close this page: nothing changes.</p>`,
  );
}

export function addressConfirmedPage(input: { email: string; changed: boolean; passwordSet: boolean; appOrigin: string }): string {
  const done = input.changed ? `From now on you log in to Bloom with ${input.email}.` : `Thank you. ${input.email} is confirmed for your Bloom account.`;
  return layout(
    'Address confirmed',
    html`<h1>${input.changed ? 'Your e-mail address has been changed' : 'Your e-mail address is confirmed'}</h1>
<p role="status">${done}${input.passwordSet ? ' Your new password is saved, and you have been signed out of Bloom everywhere: log in with it.' : ''}</p>
<p><a href="${input.appOrigin}/Dashboard">Go to Bloom</a></p>`,
  );
}

/** A link that cannot be used (any more): says which, and what to do instead. */
export function linkProblemPage(input: { kind: 'reset' | 'address'; state: 'used' | 'expired' | 'unknown' | 'taken'; appOrigin: string }): string {
  const reset = input.kind === 'reset';
  const title =
    input.state === 'used' ? 'This link has already been used' : input.state === 'expired' ? 'This link has expired' : input.state === 'taken' ? 'This address is already in use' : 'This link is not valid';
  const advice = reset
    ? html`<p>Each link works once, for 30 minutes. You can ask for a new one.</p>
<p><a href="${FORGOT_PATH}">Ask for a new link</a></p>`
    : input.state === 'taken'
      ? html`<p>Another Bloom account uses this address now, so it cannot become yours. Your address has not changed.</p>
<p><a href="${input.appOrigin}/Account">Go to your account</a></p>`
      : html`<p>Each link works once${input.state === 'expired' ? ', for a limited time' : ''}. Log in to Bloom and ask for a new one on your account page. If you have already confirmed your address, there is nothing left to do.</p>
<p><a href="${input.appOrigin}/Account">Go to your account</a></p>`;
  return layout(title, html`<h1>${title}</h1>
${advice}`);
}
