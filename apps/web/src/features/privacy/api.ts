import type { RevokeConsentRequest } from '@bloom/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiUrl } from '../../lib/api-client';
import { CURRENT_USER_QUERY_KEY } from '../../hooks/useCurrentUser';
import { forgetThisPersonsReads } from '../../hooks/useLogout';
import { forgetThisPersonsTabState } from '../../lib/session-storage';
import { DELETE_CONFIRMATION_WORD } from './content';

/** The file download is a plain link: the browser saves the attachment with the session cookie, no script needed. */
export const EXPORT_MY_DATA_URL = apiUrl('exportMyData');
const CONSENTS_QUERY_KEY = ['privacy', 'consents'] as const;

export function useConsents(enabled: boolean) {
  return useQuery({
    queryKey: CONSENTS_QUERY_KEY,
    queryFn: () => api.getMyConsents(),
    enabled,
  });
}

/**
 * The person's assessments (GetAllAssessments, the member dashboard's list): the consent log
 * names each shared assessment by the dashboard's label, which depends on the others of its day.
 */
export function useMyAssessments(enabled: boolean) {
  return useQuery({
    queryKey: ['privacy', 'assessments'],
    queryFn: () => api.getAllAssessments(),
    enabled,
  });
}

/**
 * `revokeConsent`; the list and the current user (research choice, pre-grant) are read again.
 * A pre-grant needs the person's choice about the assessments already shared (`pastAssessments`).
 */
export function useWithdrawConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ consentId, pastAssessments }: { consentId: string; pastAssessments?: RevokeConsentRequest['pastAssessments'] }) =>
      api.revokeConsent({ consentId, body: pastAssessments ? { pastAssessments } : undefined }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: CONSENTS_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
    },
  });
}

/**
 * `deleteAccount`; afterwards nobody is signed in, and nothing cached about the person is kept.
 * The mutation answers where the browser goes next: with an external provider, its end-session
 * address. Its own session would otherwise sign the next person on this browser straight back
 * in and re-create the erased account (decision 0033's reason for log-out). Log-out names that
 * address, and only its call carries the provider's ID token (auth/logout-hint.ts), so the
 * deletion is followed by one.
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await api.deleteAccount({ body: { confirm: DELETE_CONFIRMATION_WORD } });
      const logOut = await api.logOut().catch((error: unknown) => {
        console.error('Ending the sign-in provider’s session failed', error);
        return null;
      });
      return { providerLogoutUrl: logOut?.redirectUrl ?? null };
    },
    onSuccess: async () => {
      forgetThisPersonsTabState();
      forgetThisPersonsReads(queryClient, true);
      queryClient.setQueriesData({ queryKey: CURRENT_USER_QUERY_KEY }, null);
      await queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
    },
  });
}
