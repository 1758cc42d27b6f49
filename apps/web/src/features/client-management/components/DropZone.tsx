import type { ClientUser } from '@bloom/contracts';
import { useDroppable } from '@dnd-kit/core';
import type { ReactNode } from 'react';
import { CLIENT_MANAGEMENT_TEXT as T } from '../content';
import styles from '../ClientManagement.module.css';
import { ClientCard, type CardFocus, type ZoneOption } from './ClientCard';

interface Props {
  zone: string;
  title: ReactNode;
  actions?: ReactNode;
  users: readonly ClientUser[];
  zones: readonly ZoneOption[];
  problems: Readonly<Record<string, string>>;
  focus: CardFocus | null;
  onFocused: () => void;
  onMove: (userId: string, to: string, focus: CardFocus['control']) => void;
  onPreGrant: (userId: string, granted: boolean) => void;
  onRemove: (user: ClientUser) => void;
  variant?: 'independent' | 'group';
}

/** A group (or Independent Clients) as a drop zone holding its clients. */
export function DropZone({ zone, title, actions, users, variant = 'group', problems, focus, ...handlers }: Props) {
  const { setNodeRef, isOver } = useDroppable({ id: zone });
  return (
    <section ref={setNodeRef} className={variant === 'independent' ? `${styles.zone} ${styles.independent}` : styles.zone} data-over={isOver || undefined} data-zone={zone}>
      <div className={styles.zoneHeader}>
        {title}
        {actions}
      </div>
      {users.length === 0 ? (
        <p className={styles.zoneEmpty}>{T.noClientsInZone}</p>
      ) : (
        <ul role="list" className={styles.cards}>
          {users.map((user) => (
            <ClientCard key={user.id} user={user} zone={zone} problem={problems[user.id] ?? null} focus={focus?.userId === user.id ? focus : null} {...handlers} />
          ))}
        </ul>
      )}
    </section>
  );
}
