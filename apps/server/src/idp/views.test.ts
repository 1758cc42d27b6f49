import { describe, expect, it } from 'vitest';
import {
  addressConfirmedPage,
  confirmAddressPage,
  forgotPasswordPage,
  forgotPasswordSentPage,
  linkProblemPage,
  loginPage,
  resetPasswordPage,
  signupPage,
  tooManyAttemptsPage,
  waitingTime,
} from './views';

describe('too many attempts', () => {
  it('says seconds for a backoff pause and minutes for a full window', () => {
    expect(waitingTime(1)).toBe('1 second');
    expect(waitingTime(0.2)).toBe('1 second');
    expect(waitingTime(16)).toBe('16 seconds');
    expect(waitingTime(60)).toBe('1 minute');
    expect(waitingTime(299)).toBe('5 minutes');
    expect(tooManyAttemptsPage({ retryAfterSeconds: 4, appOrigin: 'https://bloom.example' })).toContain('Please wait 4 seconds and try again.');
  });
});

describe('the pages of mailed links (decision 0028)', () => {
  const hostile = '"><script>alert(1)</script>@bloom.test';

  it('escape every value they show or carry', () => {
    const pages = [
      forgotPasswordPage({ action: '/idp/forgot', back: { href: 'https://bloom.example/Dashboard' }, email: hostile, error: 'Enter an e-mail address like name@example.com.' }),
      forgotPasswordSentPage({ email: hostile, back: { carryTo: '/idp/interaction/abc/open/login' } }),
      resetPasswordPage({ token: `tok"en<`, email: hostile, error: 'Use at least 10 characters.' }),
      confirmAddressPage({ token: `tok"en<`, email: hostile, newAddress: true, choosePassword: false }),
      confirmAddressPage({ token: `tok"en<`, email: hostile, newAddress: false, choosePassword: true, error: '<b>weak</b>' }),
      addressConfirmedPage({ email: hostile, changed: true, passwordSet: true, appOrigin: 'https://bloom.example' }),
      addressConfirmedPage({ email: hostile, changed: false, passwordSet: false, appOrigin: 'https://bloom.example' }),
    ];
    for (const page of pages) {
      expect(page).not.toContain('<script>');
      expect(page).not.toContain('tok"en<');
      expect(page).not.toContain('<b>weak');
    }
    expect(pages[1]).toContain('If an account exists for &quot;&gt;&lt;script&gt;');
    expect(pages[1]).toContain('<input type="hidden" name="email" value="&quot;&gt;&lt;script&gt;');
    expect(pages[2]).toContain('value="tok&quot;en&lt;"');
  });

  it('tie errors to their field, and confirm only by a button', () => {
    const reset = resetPasswordPage({ token: 't', email: 'a@b.co', error: 'Use at least 10 characters.' });
    expect(reset).toMatch(/id="password"[^>]*autocomplete="new-password"[^>]*aria-describedby="password-hint password-error"[^>]*aria-invalid="true"[^>]*autofocus/);
    expect(reset).toContain('<form method="post" action="/idp/reset">');
    const confirm = confirmAddressPage({ token: 't', email: 'a@b.co', newAddress: false, choosePassword: false });
    expect(confirm).toContain('<form method="post" action="/idp/verify">');
    expect(confirm).toContain('<button type="submit">Confirm my address</button>');
    expect(confirm).not.toContain('type="password"');
    // An admin address (decision 0059): the new password inside the same form, its error tied to it.
    const admin = confirmAddressPage({ token: 't', email: 'a@b.co', newAddress: false, choosePassword: true, error: 'Use at least 10 characters.' });
    expect(admin).toMatch(/<form method="post" action="\/idp\/verify">[\s\S]*id="password"[^>]*autocomplete="new-password"[^>]*aria-invalid="true"[\s\S]*Confirm my address<\/button>\s*<\/form>/);
  });

  it('say what went wrong with a link, and where to go instead', () => {
    expect(linkProblemPage({ kind: 'reset', state: 'expired', appOrigin: 'https://bloom.example' })).toContain('href="/idp/forgot"');
    expect(linkProblemPage({ kind: 'address', state: 'used', appOrigin: 'https://bloom.example' })).toContain('href="https://bloom.example/Account"');
    expect(linkProblemPage({ kind: 'address', state: 'taken', appOrigin: 'https://bloom.example' })).toContain('Your address has not changed.');
  });
});

describe('moving between the sign-in pages keeps the address typed (WCAG 3.3.7), out of any URL', () => {
  /** The submit buttons of a page, in page order, with the attributes that decide where they post. */
  const submitButtons = (page: string) => [...page.matchAll(/<button type="submit"([^>]*)>([^<]*)<\/button>/g)].map((match) => ({ attributes: match[1]!, label: match[2]! }));
  const carries = (attributes: string, action: string, form?: string) => {
    expect(attributes).toContain(`formaction="${action}"`);
    expect(attributes).toContain('formmethod="post"');
    expect(attributes).toContain('formnovalidate');
    // Looks like and is announced as the link it was.
    expect(attributes).toContain('class="link" role="link"');
    if (form) expect(attributes).toContain(`form="${form}"`);
  };

  it('log in: "Forgot password?" and "Create your account" post the log-in form, after "Log in", which Enter still presses', () => {
    const page = loginPage({ uid: 'abc', email: 'typed@bloom.test', errors: { password: 'The e-mail address or password is not right.' } });
    expect(page).toContain('<form method="post" action="/idp/interaction/abc/login" id="login-form">');
    const [logIn, forgot, signUp, ...rest] = submitButtons(page);
    expect(rest).toEqual([]);
    // The first submit button of a form is the one Enter presses.
    expect(logIn).toEqual({ attributes: '', label: 'Log in' });
    expect(forgot!.label).toBe('Forgot password?');
    carries(forgot!.attributes, '/idp/interaction/abc/open/forgot');
    expect(signUp!.label).toBe('Create your account');
    carries(signUp!.attributes, '/idp/interaction/abc/open/signup', 'login-form');
    expect(page).not.toMatch(/href="[^"]*(typed|%40|@)/);
  });

  it('log in with an address brought along: in its box, and the focus on the password', () => {
    const page = loginPage({ uid: 'abc', email: 'typed@bloom.test' });
    expect(page).toMatch(/id="email"[^>]*value="typed@bloom.test"/);
    expect(page).not.toMatch(/id="email"[^>]*autofocus/);
    expect(page).toMatch(/id="password"[^>]*autofocus/);
    expect(loginPage({ uid: 'abc' })).toMatch(/id="email"[^>]*autofocus/);
  });

  it('sign up: "Log in" posts the sign-up form, after "Create account"', () => {
    const page = signupPage({ uid: 'abc', values: { email: 'typed@bloom.test' } });
    expect(page).toMatch(/id="email"[^>]*value="typed@bloom.test"/);
    const [create, logIn, ...rest] = submitButtons(page);
    expect(rest).toEqual([]);
    expect(create).toEqual({ attributes: '', label: 'Create account' });
    expect(logIn!.label).toBe('Log in');
    carries(logIn!.attributes, '/idp/interaction/abc/open/login', 'signup-form');
  });

  it('forgot password: "Back to log in" posts the form back to the sign-in page, or is a link into Bloom without one', () => {
    const page = forgotPasswordPage({ action: '/idp/interaction/abc/forgot', back: { carryTo: '/idp/interaction/abc/open/login' }, email: 'typed@bloom.test' });
    expect(page).toMatch(/id="email"[^>]*value="typed@bloom.test"/);
    const [send, back, ...rest] = submitButtons(page);
    expect(rest).toEqual([]);
    expect(send).toEqual({ attributes: '', label: 'Send me a link' });
    expect(back!.label).toBe('Back to log in');
    carries(back!.attributes, '/idp/interaction/abc/open/login', 'forgot-form');
    const alone = forgotPasswordPage({ action: '/idp/forgot', back: { href: 'https://bloom.example/Dashboard' } });
    expect(alone).toContain('<a href="https://bloom.example/Dashboard">Back to log in</a>');

    const sent = forgotPasswordSentPage({ email: 'typed@bloom.test', back: { carryTo: '/idp/interaction/abc/open/login' } });
    expect(sent).toMatch(
      /<form method="post" action="\/idp\/interaction\/abc\/open\/login" class="switch">\s*<input type="hidden" name="email" value="typed@bloom.test">\s*<p><button type="submit" class="link" role="link">Back to log in<\/button><\/p>\s*<\/form>/,
    );
    expect(forgotPasswordSentPage({ email: 'typed@bloom.test', back: { href: 'https://bloom.example/Dashboard' } })).toContain('<a href="https://bloom.example/Dashboard">Back to log in</a>');
  });
});

describe('page titles', () => {
  it('name the page and then Bloom, with the separator the app’s pages use ("… · Bloom")', () => {
    expect(loginPage({ uid: 'abc' })).toContain('<title>Log in · Bloom</title>');
    expect(signupPage({ uid: 'abc' })).toContain('<title>Create your account · Bloom</title>');
  });
});
