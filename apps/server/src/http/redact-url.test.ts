import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact-url';

describe('redactUrl', () => {
  it('keeps a path without a query as it is', () => {
    expect(redactUrl('/api/user/SaveQuestionResponse')).toBe('/api/user/SaveQuestionResponse');
  });

  it('redacts the codes and references that paths carry', () => {
    expect(redactUrl('/api/auth/LoginCallbackEnd/the-code/the-state')).toBe('/api/auth/LoginCallbackEnd/[redacted]');
    expect(redactUrl('/idp/interaction/the-uid/login?x=1')).toBe('/idp/interaction/[redacted]/login?x=[redacted]');
    expect(redactUrl('/idp/auth/the-uid')).toBe('/idp/auth/[redacted]');
    expect(redactUrl('/api/purchase/sandbox/sbx_ref/pay')).toBe('/api/purchase/sandbox/[redacted]/pay');
  });

  it('redacts an invitation URL-encoded inside returnPath, and keeps the harmless intent', () => {
    expect(redactUrl('/api/auth/GetLoginUrlClient?returnPath=%2FClient%3Finvite%3DSECRETTOKEN123&intent=sign-up')).toBe(
      '/api/auth/GetLoginUrlClient?returnPath=[redacted]&intent=sign-up',
    );
  });

  it("redacts a coach's client search and its cursor, and keeps the page's shape", () => {
    expect(redactUrl('/api/coach/GetClientsPage?search=alice.smith%40example.com&cursor=WyJzbWl0aCIsImFsaWNlIiwiMGI3YyJd&limit=25&groupId=0b7c-11&independent=true')).toBe(
      '/api/coach/GetClientsPage?search=[redacted]&cursor=[redacted]&limit=25&groupId=0b7c-11&independent=true',
    );
    expect(redactUrl('/api/coach/GetClientsPage?search=Smith+Alice')).toBe('/api/coach/GetClientsPage?search=[redacted]');
  });

  it('redacts every parameter not on the allow-list, whatever its spelling or encoding', () => {
    for (const url of [
      '/Client?invite=TOKEN',
      '/Client?INVITE=TOKEN',
      '/Client?%69nvite=TOKEN',
      '/api/user/PurchaseSuccessCallback?session=sbx_TOKEN',
      '/idp/verify?token=TOKEN',
      '/idp/auth?client_id=bloom&state=TOKEN&nonce=TOKEN&login_hint=TOKEN&redirect_uri=https%3A%2F%2Fx%2FTOKEN',
      '/idp/session/end?id_token_hint=TOKEN',
      '/api/user/SaveReferrer?referrer=https%3A%2F%2Fexample.com%2F%3Ftoken%3DTOKEN',
      '/signed-in?code=TOKEN&state=TOKEN&iss=x',
    ]) {
      expect(redactUrl(url), url).not.toContain('TOKEN');
    }
  });

  it("keeps the provider's protocol words and redacts its one-time values", () => {
    expect(redactUrl('/idp/auth?redirect_uri=http%3A%2F%2Fx%2Fcb&scope=openid+email&state=S&nonce=N&code_challenge=C&code_challenge_method=S256&prompt=create&client_id=bloom&response_type=code')).toBe(
      '/idp/auth?redirect_uri=[redacted]&scope=[redacted]&state=[redacted]&nonce=[redacted]&code_challenge=[redacted]&code_challenge_method=S256&prompt=create&client_id=bloom&response_type=code',
    );
  });

  it('keeps an allow-listed value only when it is a word, a number or an id', () => {
    expect(redactUrl('/api/auth/GetLoginUrlEnd?intent=alice%40example.com')).toBe('/api/auth/GetLoginUrlEnd?intent=[redacted]');
    expect(redactUrl('/api/coach/GetClientsPage?limit=1%202')).toBe('/api/coach/GetClientsPage?limit=[redacted]');
  });

  it('drops a name that is not a plain name, with its value', () => {
    expect(redactUrl('/Client?alice%40example.com&intent=log-in')).toBe('/Client?[redacted]&intent=log-in');
    expect(redactUrl('/Client?a=1&SECRET%20TOKEN=2')).toBe('/Client?a=[redacted]&[redacted]');
  });

  it('survives malformed escapes and empty queries', () => {
    expect(redactUrl('/x?search=%E0%A4%A')).toBe('/x?search=[redacted]');
    expect(redactUrl('/x?')).toBe('/x');
    expect(redactUrl('/x?a=&intent=')).toBe('/x?a=&intent=');
  });
});
