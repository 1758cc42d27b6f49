import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { CURRENT_USER_QUERY_KEY } from './useCurrentUser';
import { useNavigateWhenShown } from './useNavigateWhenShown';

export interface Logout {
  logOut: () => Promise<void>;
  isPending: boolean;
}

/** Spec 02 "Log out": POST /api/auth/LogOut, then back to the welcome page. */
export function useLogout(): Logout {
  const navigate = useNavigateWhenShown();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => api.logOut(),
    onSuccess: async () => {
      queryClient.setQueriesData({ queryKey: CURRENT_USER_QUERY_KEY }, null);
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
