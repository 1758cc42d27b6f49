import type { ChangeEmailRequest, ChangePasswordRequest, EndOtherSessionsRequest } from '@bloom/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** The member's sign-in account (GetAccount): address, whether it is confirmed, a pending new one, and who manages it. */
const ACCOUNT_QUERY_KEY = ['account'] as const;

export function useAccount(enabled: boolean) {
  return useQuery({ queryKey: ACCOUNT_QUERY_KEY, queryFn: () => api.getAccount(), enabled });
}

/** ChangePassword: every other session of the account ends; this one stays. */
export function useChangePassword() {
  return useMutation({ mutationFn: (body: ChangePasswordRequest) => api.changePassword({ body }) });
}

/** ChangeEmail: a link goes to the new address; the account shows it as pending until it is followed. */
export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangeEmailRequest) => api.changeEmail({ body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ACCOUNT_QUERY_KEY }),
  });
}

/** ResendVerificationEmail: sign-up's confirmation link, again. */
export function useResendVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.resendVerificationEmail(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ACCOUNT_QUERY_KEY }),
  });
}

/** EndOtherSessions: every other signed-in browser is signed out; this one stays. Answers how many were. */
export function useEndOtherSessions() {
  return useMutation({ mutationFn: (body: EndOtherSessionsRequest) => api.endOtherSessions({ body }) });
}
