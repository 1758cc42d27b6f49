import { useState } from 'react';
import { INVITATIONS_TEXT as T } from '../invitations-content';
import { InviteClientForm } from './InviteClientForm';
import { PendingInvitations } from './PendingInvitations';
import styles from './InvitationsPanel.module.css';

/**
 * The coach dashboard's invitations (issue 25 §4, DESIGN.md §12): a form that e-mails a person
 * the link `/Client?invite=…`, and the invitations not yet accepted, to resend or withdraw.
 * What each action did is announced in one polite live region.
 */
export function InvitationsPanel() {
  const [news, setNews] = useState('');
  return (
    <section className={styles.panel} aria-labelledby="invite-a-client">
      <h2 id="invite-a-client" className={styles.title}>
        {T.title}
      </h2>
      <p className="bloom-muted">{T.intro}</p>
      <InviteClientForm onSent={(email) => setNews(T.sent(email))} />
      <p className={styles.news} role="status">
        {news}
      </p>
      <PendingInvitations onNews={setNews} />
    </section>
  );
}
