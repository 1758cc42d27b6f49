import { displayNameSchema, isSendableAddress, isWellFormedText } from '@bloom/contracts';
import { commonPasswordsOfAtLeast } from './common-passwords';

/**
 * Rules for a new password, each with a message written to sit next to the field.
 * Length is what matters most (NIST SP 800-63B); the other rules stop the commonest
 * trivial choices, including any password on a list of tens of thousands that attackers
 * try first (NIST SP 800-63B 3.1.1.2), without imposing composition rules.
 */
export const PASSWORD_MIN_LENGTH = 10;
/** Long enough for any passphrase, short enough that hashing it is not a denial-of-service lever. */
export const PASSWORD_MAX_LENGTH = 256;
/** Built by the first password checked (a few ms); compared lower-cased, since "Password123" is as guessable as "password123". */
let commonPasswords: ReadonlySet<string> | undefined;

export const PASSWORD_RULES_TEXT = `At least ${PASSWORD_MIN_LENGTH} characters. Not your e-mail address, not one character repeated, and not a commonly used password.`;
/** Never repeats the password: the page it appears on may be seen by others or cached. */
export const COMMON_PASSWORD_MESSAGE = 'This password is one of the most commonly used, so it is among the first an attacker tries. Choose another, for example a few unrelated words.';

/** A lone surrogate (text.ts) cannot be typed, and would be hashed as U+FFFD: another password than the one checked. */
export const UNSTORABLE_PASSWORD_MESSAGE = 'This password has a character that cannot be stored. Choose another.';

export function passwordProblem(password: string, email: string): string | null {
  const length = [...password].length;
  if (length === 0) return 'Enter a password.';
  if (!isWellFormedText(password)) return UNSTORABLE_PASSWORD_MESSAGE;
  if (length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (length > PASSWORD_MAX_LENGTH) return `Use at most ${PASSWORD_MAX_LENGTH} characters.`;
  if (new Set(password).size === 1) return 'Use more than one kind of character.';
  const normalizedEmail = email.trim().toLowerCase();
  if (normalizedEmail && password.trim().toLowerCase() === normalizedEmail) return 'Your password must not be your e-mail address.';
  commonPasswords ??= commonPasswordsOfAtLeast(PASSWORD_MIN_LENGTH);
  if (commonPasswords.has(password.toLowerCase())) return COMMON_PASSWORD_MESSAGE;
  return null;
}

const ADDRESS_EXAMPLE = 'Enter an e-mail address like name@example.com.';

/** An address Bloom will write to (sign-up, "Forgot password?", a new address). */
export function emailProblem(email: string): string | null {
  if (email === '') return 'Enter your e-mail address.';
  if (!isSendableAddress(email)) return ADDRESS_EXAMPLE;
  return null;
}

/**
 * The log-in form's address: whatever an account may have (some were made before today's rules,
 * decision 0068, and must still log in), but never a control character, which no address has and
 * PostgreSQL cannot store (U+0000); checked before the attempt is counted or anything looked up.
 */
export function logInEmailProblem(email: string): string | null {
  if (email === '') return 'Enter your e-mail address.';
  if (/[\p{Cc}\p{Cs}]/u.test(email)) return ADDRESS_EXAMPLE;
  return null;
}

/**
 * The names typed at sign-up: Bloom shows them, and its mail greets the person by the first one
 * ("Hello {name},"), so they follow the contracts' display-name rules (no control characters, line
 * or paragraph separators, or text-direction overrides and isolates; something visible), as the
 * names set in Bloom do (decision 0073), and refuse `<` and `>` besides.
 */
const NAME_RULES = displayNameSchema('Name');

export function nameProblem(name: string, label: 'first name' | 'last name'): string | null {
  if (name === '') return `Enter your ${label}.`;
  if ([...name].length > 100) return `Use at most 100 characters for your ${label}.`;
  if (/[<>]/u.test(name) || !NAME_RULES.safeParse(name).success) return `Your ${label} contains characters that are not allowed.`;
  return null;
}
