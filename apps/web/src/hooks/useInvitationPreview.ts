import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, type ApiResult } from '../lib/api-client';
import { forgetInvite, invitationProblem, isFinalProblem, type InvitationProblem } from '../lib/invitation-link';

export type InvitationPreview = ApiResult<'getInvitation'>;

export type InvitationPreviewState =
  | { status: 'none' }
  | { status: 'checking' }
  | { status: 'valid'; preview: InvitationPreview }
  | { status: 'problem'; problem: InvitationProblem };

/**
 * What an invitation link says (GET /api/user/GetInvitation, anyone holding the link): who
 * invites, to which organization and group. A link the server refuses for good is forgotten,
 * so the next sign-in does not try it again.
 */
export function useInvitationPreview(invite: string | null): InvitationPreviewState {
  const query = useQuery({
    queryKey: ['invitation', 'preview', invite],
    queryFn: () => api.getInvitation({ invite: invite ?? '' }),
    enabled: invite !== null,
    retry: false,
    // Read once per page: accepting uses the link up, and a re-read would then say so.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  const problem = query.isError ? invitationProblem(query.error) : null;
  useEffect(() => {
    if (problem && isFinalProblem(problem)) forgetInvite();
  }, [problem]);

  if (invite === null) return { status: 'none' };
  if (problem) return { status: 'problem', problem };
  if (query.data) return { status: 'valid', preview: query.data };
  return { status: 'checking' };
}

export const coachNameOf = (preview: InvitationPreview): string => `${preview.coach.firstName} ${preview.coach.lastName}`.trim();
