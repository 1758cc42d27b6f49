import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from '../../lib/router';
import { LoadingScreen } from '../../components/layout/LoadingScreen';
import { PageTitle } from '../../components/layout/PageTitle';
import { buttonClassName } from '../../components/ui/Button';
import { BRAND } from '../../content/brand';
import { CURRENT_USER_QUERY_KEY } from '../../hooks/useCurrentUser';
import { callApi } from '../../lib/api-client';
import { followRedirect, signInStartPath, takeSignInReturnPath } from '../../lib/login';
import { getStoredReferrer } from '../../lib/referrer';
import { SIGN_IN_CALLBACK_TEXT } from './content';
import styles from './LoginCallbackPage.module.css';
import {
  SIGN_IN_TIMEOUT_MS,
  completeSignIn,
  readCodeAndState,
  readProviderError,
  type CallbackFailure,
  type CallbackFlow,
} from './sign-in-callback';

const FAILURE_TEXT: Record<CallbackFailure, string> = {
  missing_code: SIGN_IN_CALLBACK_TEXT.missingCode,
  provider_error: SIGN_IN_CALLBACK_TEXT.providerError,
  refused: SIGN_IN_CALLBACK_TEXT.refused,
  timed_out: SIGN_IN_CALLBACK_TEXT.timedOut,
  failed: SIGN_IN_CALLBACK_TEXT.failed,
};

/**
 * Shows "Loading..." while it finishes the sign-in that brought the browser back here. When the
 * sign-in cannot finish (no code, a refused or failed exchange, or no answer in time) it says so
 * and links back to where the sign-in started, instead of loading forever.
 */
export function LoginCallbackPage({ flow }: { flow: CallbackFlow }) {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<CallbackFailure | null>(null);
  // A code works once: never exchange it twice (React's development double effects included).
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // Once the page has given up, a late answer must not whisk the person away mid-sentence.
    let gaveUp = false;
    const timer = window.setTimeout(() => {
      gaveUp = true;
      setFailure('timed_out');
    }, SIGN_IN_TIMEOUT_MS);
    void completeSignIn(
      flow,
      readCodeAndState(location.hash, location.search),
      {
        call: callApi,
        // Replace the callback entry so "Back" does not replay a spent code.
        navigate: (path) => {
          if (!gaveUp) void navigate(path, { replace: true });
        },
        redirect: (response) => {
          if (!gaveUp) followRedirect(response);
        },
        referrer: getStoredReferrer(),
        returnTo: takeSignInReturnPath(),
        startedFrom: signInStartPath(),
        onSignedIn: () => queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY }),
        logError: (message, detail) => console.error(message, detail),
      },
      readProviderError(location.hash, location.search),
    ).then((outcome) => {
      window.clearTimeout(timer);
      if (outcome !== 'signed_in' && !gaveUp) {
        gaveUp = true;
        setFailure(outcome);
      }
    });
  }, [flow, location.hash, location.search, navigate, queryClient]);

  if (!failure) return <LoadingScreen />;
  return <SignInFailed failure={failure} />;
}

function SignInFailed({ failure }: { failure: CallbackFailure }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The page changed under the reader: move focus to the news so screen readers announce it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className={styles.screen} aria-labelledby="sign-in-failed-title">
      <PageTitle title={SIGN_IN_CALLBACK_TEXT.errorTitle} />
      <div className={styles.card} role="alert">
        <img className={styles.mark} src={BRAND.logoMarkSrc} alt="" width="64" height="48" />
        <h1 id="sign-in-failed-title" className={styles.title} ref={heading} tabIndex={-1}>
          {SIGN_IN_CALLBACK_TEXT.errorTitle}
        </h1>
        <p>{FAILURE_TEXT[failure]}</p>
        <p>{SIGN_IN_CALLBACK_TEXT.nextStep}</p>
        <Link className={buttonClassName('primary')} to={signInStartPath() ?? '/'} replace>
          {SIGN_IN_CALLBACK_TEXT.backToBloom}
        </Link>
      </div>
    </section>
  );
}
