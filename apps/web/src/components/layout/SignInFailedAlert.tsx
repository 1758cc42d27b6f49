import { SIGN_IN_FAILED_TEXT } from '../../content/sign-in';
import type { SignInFailure } from '../../lib/login';
import { Alert } from '../ui/Alert';

/** Beside a sign-in button: why starting the sign-in failed (useSignInStarter's `failed`), or nothing. */
export function SignInFailedAlert({ failed, className }: { failed: SignInFailure | null; className?: string }) {
  return failed ? <Alert className={className}>{SIGN_IN_FAILED_TEXT[failed]}</Alert> : null;
}
