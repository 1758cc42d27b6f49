import type { ClientUser } from '@bloom/contracts';
import { useDraggable } from '@dnd-kit/core';
import { Fragment, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Field } from '../../../components/ui/Field';
import { CLIENT_MANAGEMENT_TEXT as T } from '../content';
import { clientName, preGrantTicked, zoneOptionGroups, type ZoneOption } from '../logic/zones';
import styles from '../ClientManagement.module.css';

export type { ZoneOption } from '../logic/zones';

/**
 * Where keyboard focus goes once a client has moved: the card is drawn anew in its new zone (and
 * again in its old one when the move failed), so the control used to move it is gone; the same
 * control on the card as drawn now takes focus ('move': the Move to list, 'handle': the drag handle).
 */
export interface CardFocus {
  userId: string;
  control: 'move' | 'handle';
}

interface Props {
  user: ClientUser;
  zone: string;
  zones: readonly ZoneOption[];
  /** Why the last change to this client did not happen, said on the card. */
  problem: string | null;
  focus: CardFocus | null;
  onFocused: () => void;
  onMove: (userId: string, to: string, focus: CardFocus['control']) => void;
  onPreGrant: (userId: string, granted: boolean) => void;
  onRemove: (user: ClientUser) => void;
}

/**
 * A client in client management: drag handle, "Grant all?" checkbox with where the request
 * stands (requested, declined by the client, granted; decision 0020), name and user name,
 * a "Move to" list with its Move button (the keyboard and switch-access alternative to dragging:
 * choosing in the list moves nothing, as Chrome on Windows and Linux changes a closed list's value
 * on every arrow key) and "X". The list names each group under its organization's heading, so
 * the closed list, as narrow as it is, shows which group.
 * The whole card can be dragged with a pointer; the keyboard drags from the handle only,
 * so Space on the checkbox still ticks it.
 */
export function ClientCard({ user, zone, zones, problem, focus, onFocused, onMove, onPreGrant, onRemove }: Props) {
  const name = clientName(user, T.unnamed);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({ id: user.id, data: { zone, name } });
  const ids = { grant: useId(), status: useId() };
  // A moved client is a new card in its new zone, so the list starts again from the zone it is in.
  const [target, setTarget] = useState(zone);
  const handle = useRef<HTMLButtonElement | null>(null);
  const moveList = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    if (!focus) return;
    (focus.control === 'handle' ? handle.current : moveList.current)?.focus();
    onFocused();
  }, [focus, onFocused]);
  // The board updates through the query cache, which re-renders a tick later; a controlled
  // checkbox must flip in the same event or the browser shows it bouncing back.
  const ticked = preGrantTicked(user);
  const [preGranted, setPreGranted] = useState(ticked);
  useEffect(() => setPreGranted(ticked), [ticked]);
  const statusText = T.preGrantStatus[user.preGrantStatus];
  return (
    <li ref={setNodeRef} {...listeners} className={styles.card} data-dragging={isDragging || undefined} data-testid="client-card" data-user-id={user.id}>
      <button
        type="button"
        ref={(node) => {
          setActivatorNodeRef(node);
          handle.current = node;
        }}
        {...attributes}
        className={styles.handle}
        aria-label={T.dragHandle(name)}
      >
        <svg viewBox="0 0 12 20" width="12" height="20" aria-hidden="true" focusable="false">
          {[4, 10, 16].flatMap((y) => [3, 9].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.6" fill="currentColor" />))}
        </svg>
      </button>
      <div className={styles.cardMain}>
        <span className={styles.cardName}>{name}</span>
        <span className={styles.cardUser}>{user.userName}</span>
      </div>
      <div className={styles.cardControls}>
        <label className={styles.grant} htmlFor={ids.grant}>
          <input
            id={ids.grant}
            type="checkbox"
            checked={preGranted}
            aria-describedby={statusText ? ids.status : undefined}
            onChange={(event) => {
              setPreGranted(event.target.checked);
              onPreGrant(user.id, event.target.checked);
            }}
          />
          {T.grantAll}
          <span className="visually-hidden"> {T.grantAllFor(name)}</span>
        </label>
        {statusText && (
          <span className={styles.grantStatus} id={ids.status} data-status={user.preGrantStatus}>
            {statusText}
          </span>
        )}
        <Field label={T.moveToFor(name)} hideLabel className={styles.move}>
          {(control) => (
            <select {...control} ref={moveList} className={`${control.className} ${styles.moveSelect}`} value={target} onChange={(event) => setTarget(event.target.value)}>
              {zoneOptionGroups(zones).map(({ organization, options }) => {
                const items = options.map((option) => (
                  <option key={option.zone} value={option.zone}>
                    {option.zone === zone ? option.name : `${T.moveTo}: ${option.name}`}
                  </option>
                ));
                return organization ? (
                  <optgroup key={organization.guid} label={organization.name}>
                    {items}
                  </optgroup>
                ) : (
                  <Fragment key={options[0]!.zone}>{items}</Fragment>
                );
              })}
            </select>
          )}
        </Field>
        <div className={styles.cardButtons}>
          <Button variant="secondary" size="small" className={styles.moveButton} disabled={target === zone} onClick={() => onMove(user.id, target, 'move')} aria-label={T.moveFor(name)}>
            {T.move}
          </Button>
          <button type="button" className={styles.remove} onClick={() => onRemove(user)}>
            <span aria-hidden="true">{T.remove}</span>
            <span className="visually-hidden">
              {T.remove}: {T.removeFor(name)}
            </span>
          </button>
        </div>
      </div>
      {problem && (
        <p className={`bloom-error ${styles.cardProblem}`} role="alert">
          {problem}
        </p>
      )}
    </li>
  );
}
