import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { LoadingScreen } from '../../components/layout/LoadingScreen';
import { CURRENT_USER_QUERY_KEY } from '../../hooks/useCurrentUser';
import { apiGet, apiPost } from '../../lib/api';
import { followRedirect } from '../../lib/login';
import { getStoredReferrer } from '../../lib/referrer';
import { completeSignIn, readCodeAndState, type CallbackFlow } from './sign-in-callback';

/** Shows "Loading..." while it finishes the sign-in that brought the browser back here. */
export function LoginCallbackPage({ flow }: { flow: CallbackFlow }) {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // A code works once: never exchange it twice (React's development double effects included).
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void completeSignIn(flow, readCodeAndState(location.hash, location.search), {
      get: apiGet,
      post: apiPost,
      // Replace the callback entry so "Back" does not replay a spent code.
      navigate: (path) => void navigate(path, { replace: true }),
      redirect: followRedirect,
      referrer: getStoredReferrer(),
      onSignedIn: () => queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY }),
      logError: (message, detail) => console.error(message, detail),
    });
  }, [flow, location.hash, location.search, navigate, queryClient]);

  return <LoadingScreen />;
}
