import { useEffect, useMemo } from 'react';
import { useLocation } from '../../lib/router';
import { CLIENT_WELCOME } from '../../content/welcome';
import { inviteFromSearch, rememberInvite } from '../../lib/invitation-link';
import { InvitationNotice } from './components/InvitationNotice';
import { WelcomeLayout } from './components/WelcomeLayout';

/** /Client, and /Client?invite={token}: a coach's invitation link, kept for the way back from signing in (issue 25 §4). */
export default function ClientWelcomePage() {
  const { search } = useLocation();
  const invite = useMemo(() => inviteFromSearch(search), [search]);
  useEffect(() => {
    if (invite) rememberInvite(invite);
  }, [invite]);
  return <WelcomeLayout content={CLIENT_WELCOME} notice={invite ? <InvitationNotice invite={invite} /> : undefined} />;
}
