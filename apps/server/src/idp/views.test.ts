import { describe, expect, it } from 'vitest';
import { tooManyAttemptsPage, waitingTime } from './views';

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
