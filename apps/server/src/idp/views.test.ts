import { describe, expect, it } from 'vitest';
import {
  addressConfirmedPage,
  confirmAddressPage,
  forgotPasswordPage,
  forgotPasswordSentPage,
  linkProblemPage,
  resetPasswordPage,
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
      forgotPasswordPage({ action: '/idp/forgot', back: 'https://bloom.example/Dashboard', email: hostile, error: 'Enter an e-mail address like name@example.com.' }),
      forgotPasswordSentPage({ email: hostile, back: '/idp/interaction/abc' }),
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
