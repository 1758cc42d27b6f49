import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { followRedirect } from '../lib/login';
import { CURRENT_USER_QUERY_KEY } from './useCurrentUser';
import { useNavigateWhenShown } from './useNavigateWhenShown';

export interface Logout {
  logOut: () => Promise<void>;
  isPending: boolean;
}

/**
 * Spec 02 "Log out": POST /api/auth/LogOut, then back to the welcome page. With an external
 * provider the answer names its end-session address instead: the browser goes there, the
 * provider ends its own session and sends it back to the welcome page (decision 0033).
 */
export function useLogout(): Logout {
  const navigate = useNavigateWhenShown();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => api.logOut(),
    onSuccess: async (result) => {
      queryClient.setQueriesData({ queryKey: CURRENT_USER_QUERY_KEY }, null);
      if (result?.redirectUrl) return followRedirect({ redirectUrl: result.redirectUrl });
      await queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
      await navigate('/');
    },
    onError: (error) => console.error('Log out failed', error),
  });
  return {
    logOut: async () => {
      await mutation.mutateAsync().catch(() => undefined);
    },
    isPending: mutation.isPending,
  };
}
