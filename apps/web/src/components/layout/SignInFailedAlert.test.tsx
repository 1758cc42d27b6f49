import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SignInFailedAlert } from './SignInFailedAlert';

describe('SignInFailedAlert', () => {
  it('says nothing while no sign-in start has failed', () => {
    expect(renderToString(<SignInFailedAlert failed={null} />)).toBe('');
  });

  it('announces why the start failed, waiting for a 429 and the connection otherwise', () => {
    const tooMany = renderToString(<SignInFailedAlert failed="too-many-attempts" />);
    expect(tooMany).toMatch(/^<div role="alert"[^>]*>Too many sign-in attempts from here\. Please wait a few minutes and try again\.<\/div>$/);
    const unreachable = renderToString(<SignInFailedAlert failed="unreachable" />);
    expect(unreachable).toMatch(/^<div role="alert"[^>]*>We could not reach Bloom\. Check your connection and try again\.<\/div>$/);
  });
});
