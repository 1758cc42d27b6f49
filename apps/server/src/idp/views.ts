import { html, type SafeHtml } from './html';
import { PASSWORD_MIN_LENGTH, PASSWORD_RULES_TEXT } from './password-policy';

/**
 * Server-rendered pages of the embedded identity provider. No scripts (the CSP forbids
 * inline ones and none are needed); focus lands on the first field with an error via
 * `autofocus`, errors are tied to their fields with aria-describedby, and every value
 * is escaped by the `html` template.
 */
export const STYLESHEET_PATH = '/idp/assets/bloom.css';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

function layout(title: string, body: SafeHtml): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} – Bloom</title>
<link rel="stylesheet" href="${STYLESHEET_PATH}">
</head>
<body>
<a class="skip" href="#main">Skip to the form</a>
<header><p class="brand">Bloom</p></header>
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

/** The first field (in page order) with an error gets focus; with no errors, the first field does. */
function focusFirst<F extends string>(order: readonly F[], errors: FieldErrors<F>): F {
  return order.find((name) => errors[name]) ?? order[0]!;
}

const LOGIN_FIELDS = ['email', 'password'] as const;
export type LoginField = (typeof LOGIN_FIELDS)[number];

export function loginPage(input: { uid: string; email?: string; errors?: FieldErrors<LoginField> }): string {
  const errors = input.errors ?? {};
  const focus = focusFirst(LOGIN_FIELDS, errors);
  return layout(
    'Log in',
    html`<h1>Log in to Bloom</h1>
<p class="muted">Use the e-mail address and password of your Bloom account.</p>
${errorSummary(LOGIN_FIELDS.filter((name) => errors[name]).map((name) => ({ field: name, message: errors[name]! })))}
<form method="post" action="/idp/interaction/${input.uid}/login">
${field({ name: 'email', label: 'E-mail address', type: 'email', autocomplete: 'username', value: input.email ?? '', error: errors.email, autofocus: focus === 'email', maxLength: 254 })}
${field({ name: 'password', label: 'Password', type: 'password', autocomplete: 'current-password', error: errors.password, autofocus: focus === 'password', maxLength: 256 })}
<button type="submit">Log in</button>
</form>
<p class="switch">New to Bloom? <a href="/idp/interaction/${input.uid}/signup">Create your account</a></p>`,
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
<form method="post" action="/idp/interaction/${input.uid}/signup">
${field({ name: 'firstName', label: 'First name', type: 'text', autocomplete: 'given-name', value: values.firstName ?? '', error: errors.firstName, autofocus: focus === 'firstName', maxLength: 100 })}
${field({ name: 'lastName', label: 'Last name', type: 'text', autocomplete: 'family-name', value: values.lastName ?? '', error: errors.lastName, autofocus: focus === 'lastName', maxLength: 100 })}
${field({ name: 'email', label: 'E-mail address', type: 'email', autocomplete: 'email', value: values.email ?? '', error: errors.email, autofocus: focus === 'email', maxLength: 254 })}
${field({ name: 'password', label: 'Password', type: 'password', autocomplete: 'new-password', hint: PASSWORD_RULES_TEXT, error: errors.password, autofocus: focus === 'password', minLength: PASSWORD_MIN_LENGTH, maxLength: 256 })}
<button type="submit">Create account</button>
</form>
<p class="switch">Already have an account? <a href="/idp/interaction/${input.uid}">Log in</a></p>`,
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
