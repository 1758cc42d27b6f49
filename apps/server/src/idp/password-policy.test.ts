import { describe, expect, it } from 'vitest';
import { emailProblem, nameProblem, passwordProblem } from './password-policy';

describe('password rules', () => {
  it('accepts a ten-character password that is not the e-mail', () => {
    expect(passwordProblem('correct horse', 'ada@example.com')).toBeNull();
  });
  it('refuses short, repeated and e-mail passwords with field-level messages', () => {
    expect(passwordProblem('short', 'a@b.co')).toBe('Use at least 10 characters.');
    expect(passwordProblem('aaaaaaaaaaaa', 'a@b.co')).toBe('Use more than one kind of character.');
    expect(passwordProblem('Ada@Example.com', 'ada@example.com')).toBe('Your password must not be your e-mail address.');
    expect(passwordProblem('', 'a@b.co')).toBe('Enter a password.');
    expect(passwordProblem('x'.repeat(100) + 'y'.repeat(200), 'a@b.co')).toMatch(/at most/);
  });
  it('checks e-mail and names', () => {
    expect(emailProblem('ada@example.com')).toBeNull();
    expect(emailProblem('ada')).toMatch(/like name@example.com/);
    expect(nameProblem('', 'first name')).toBe('Enter your first name.');
    expect(nameProblem('Ada', 'first name')).toBeNull();
    expect(nameProblem('Ada 🌸', 'first name')).toBeNull();
    expect(nameProblem('Ada\uD800', 'first name')).toBe('Your first name contains characters that are not allowed.');
  });
});
