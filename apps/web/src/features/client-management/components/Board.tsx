import type { ClientUser, OrganizationWithGroups } from '@bloom/contracts';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useMemo, useRef, useState, type RefObject } from 'react';
import * as api from '../api';
import { CLIENT_MANAGEMENT_TEXT as T } from '../content';
import { DRAG_AUTO_SCROLL } from '../logic/autoScroll';
import { clientsToDelete, deletionFailure, type DeletionTarget } from '../logic/deletion';
import { zoneKeyboardCoordinates } from '../logic/keyboard';
import { clientName, clientOnBoard, groupOfZone, INDEPENDENT_ZONE, moveClient, plannedMove, restorePreGrant, setPreGrant, zoneOptions, type ClientBoard } from '../logic/zones';
import type { CardFocus } from './ClientCard';
import type { ConfirmRequest } from './ConfirmDialog';
import { DropZone } from './DropZone';
import { OrganizationCard } from './OrganizationCard';
import styles from '../ClientManagement.module.css';

/** The confirmation, with Radix Dialog (13 KB gzip), loads when a deletion is first asked for, not with the board. */
const ConfirmDialog = lazy(async () => ({ default: (await import('./ConfirmDialog')).ConfirmDialog }));

/** Pointer drops count only where the pointer is; keyboard drops (no pointer) use the dragged card's rectangle. */
const collisionDetection: CollisionDetection = (args) => (args.pointerCoordinates ? pointerWithin(args) : rectIntersection(args));

/** A deletion asked for: what it removes, how it asks, what it does and says. */
interface Deletion {
  target: DeletionTarget;
  /** The question, given the clients counted on the board read when Delete was pressed. */
  question: (clients: number) => string;
  /** Deletes; answers what the status line says then. */
  run: () => Promise<string>;
  /** Said when it was already gone (deleted in another tab, or the client left). */
  gone: string;
}

interface Props {
  /** The board as the page has read it. */
  data: ClientBoard;
  /** Says what a move or deletion did, in the page's polite live region; `shown` also shows it (a deletion: its clients left the board). */
  onNews: (news: string, shown?: boolean) => void;
  /** Reads the board again. */
  reload: () => Promise<void>;
  /** Adds an organization or group: null when done, otherwise what to say under the field. */
  add: (call: () => Promise<unknown>) => Promise<string | null>;
  /** Where focus goes when the control that opened a deletion is gone with it. */
  titleRef: RefObject<HTMLHeadingElement | null>;
}

/**
 * The board of /ClientManagement (spec 02 §4): Independent Clients and the organizations with
 * their groups, clients moved by drag and drop (dnd-kit) or the "Move to" list and its Move
 * button. It is drawn from the board's data, so its code (with dnd-kit) is not in the page's
 * first paint: the page loads it alongside the read (decision 0041).
 */
export default function Board({ data: pageData, onNews, reload, add, titleRef }: Props) {
  const queryClient = useQueryClient();
  // Read here too, not only taken from the page: a change patched into the cache is then drawn in
  // the same render as the focus it moves (the page would pass it a tick later, after the card
  // it was moved from had taken that focus).
  const data = useQuery(api.clientBoardQuery).data ?? pageData;
  const [deletion, setDeletion] = useState<Deletion | null>(null);
  /** The dialog's question; null while the clients it names are counted. */
  const [question, setQuestion] = useState<string | null>(null);
  const [countFailed, setCountFailed] = useState(false);
  /** Which count is the latest: an answer to an earlier one (cancelled, asked again) is dropped. */
  const counting = useRef(0);
  const [confirmAsked, setConfirmAsked] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const [problems, setProblems] = useState<Readonly<Record<string, string>>>({});
  const [focus, setFocus] = useState<CardFocus | null>(null);
  const onFocused = useCallback(() => setFocus(null), []);
  const [dragging, setDragging] = useState<{ id: string; name: string } | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: zoneKeyboardCoordinates }),
  );

  const zones = useMemo(() => zoneOptions(data, { independent: T.independentClients, group: T.groupOption }), [data]);
  const zoneLabel = (zone: string | number | undefined) => zones.find((z) => z.zone === String(zone))?.label ?? String(zone ?? '');

  /** A local change shown at once; a reload still on its way must not overwrite it with older data. */
  const patch = (update: (current: ClientBoard) => ClientBoard) => {
    // Cancelling reverts an in-flight fetch synchronously, so the update below lands on top (and stays synchronous for the checkbox).
    void queryClient.cancelQueries({ queryKey: api.clientBoardQuery.queryKey });
    queryClient.setQueryData<ClientBoard>(api.clientBoardQuery.queryKey, (current) => (current ? update(current) : current));
  };

  const sayProblem = (userId: string, problem: string | null) =>
    setProblems(({ [userId]: _old, ...others }) => (problem ? { ...others, [userId]: problem } : others));

  /**
   * Spec 02 §4: move locally, then reassign on the server, then reload. The card is drawn anew in
   * its new zone, so the control it was moved with is gone: `focusOn` puts focus on that control
   * of the card as drawn now (and again when a failed move puts the card back).
   */
  async function move(userId: string, to: string, focusOn: CardFocus['control'] | null) {
    const planned = plannedMove(data, userId, to);
    if (!planned) return;
    const name = clientName(clientOnBoard(data, userId) ?? { firstName: null, lastName: null }, T.unnamed);
    const place = zoneLabel(to);
    sayProblem(userId, null);
    patch((current) => moveClient(current, userId, to));
    if (focusOn) setFocus({ userId, control: focusOn });
    try {
      await api.assignToGroup(userId, groupOfZone(to));
      onNews(T.moved(name, place));
    } catch (error) {
      console.error('Could not move the client', error);
      // Put back here, not left to the reload: with the server out of reach, that fails too.
      patch((current) => moveClient(current, userId, planned.from));
      sayProblem(userId, T.moveFailed(name));
      if (focusOn) setFocus({ userId, control: focusOn });
    }
    await reload();
  }

  async function preGrant(userId: string, granted: boolean) {
    const before = clientOnBoard(data, userId);
    sayProblem(userId, null);
    patch((current) => setPreGrant(current, userId, granted));
    try {
      await api.setAccessPreGranted(userId, granted);
    } catch (error) {
      console.error('Could not change the pre-grant', error);
      // The box as it was, whether or not the reload below reaches the server.
      if (before) patch((current) => restorePreGrant(current, before));
      sayProblem(userId, T.preGrantFailed);
      await reload();
    }
  }

  const closeDialog = () => {
    counting.current += 1;
    setDeletion(null);
    setConfirmError(null);
  };

  /**
   * Spec 02 §5: the group's (or organization's) client count the dialog states is read from the
   * server when Delete is pressed, not taken from the board as drawn, which may be older (reads
   * are not repeated on focus): a client who joined since would be released without a word. The
   * board behind is redrawn from that read too. A failed read offers Try again, never a count.
   */
  async function count(asked: Deletion) {
    const ticket = (counting.current += 1);
    setQuestion(null);
    setCountFailed(false);
    setConfirmError(null);
    try {
      const fresh = await api.readBoard();
      if (ticket !== counting.current) return;
      patch(() => fresh);
      const clients = clientsToDelete(fresh, asked.target);
      if (clients === null) {
        // Already deleted elsewhere: nothing to ask.
        closeDialog();
        onNews(asked.gone, true);
        void reload();
        return;
      }
      setQuestion(asked.question(clients));
    } catch (error) {
      if (ticket !== counting.current) return;
      console.error('Could not count the clients', error);
      setCountFailed(true);
      setConfirmError(T.countFailed);
    }
  }

  const ask = (asked: Deletion, withCount: boolean) => {
    setConfirmAsked(true);
    setDeletion(asked);
    if (withCount) {
      void count(asked);
    } else {
      counting.current += 1;
      setCountFailed(false);
      setConfirmError(null);
      setQuestion(asked.question(1));
    }
  };

  /**
   * A deletion that failed keeps the dialog open, saying so, rather than closing as if it were
   * done; one already made (404: in another tab, or the client left) closes it and says so.
   */
  async function runConfirmed() {
    if (!deletion || question === null) return;
    setConfirming(true);
    setConfirmError(null);
    let done = false;
    try {
      onNews(await deletion.run(), true);
      done = true;
    } catch (error) {
      if (deletionFailure(error) === 'gone') {
        onNews(deletion.gone, true);
        done = true;
      } else {
        console.error('Could not delete', error);
        setConfirmError(T.deleteFailed);
      }
    }
    await reload();
    setConfirming(false);
    if (done) closeDialog();
  }

  const removeClient = (client: ClientUser) => {
    const name = clientName(client, T.unnamed);
    ask(
      {
        target: { kind: 'client', userId: client.id },
        question: () => T.confirmDeleteClient(name),
        run: async () => {
          await api.removeClient(client.id);
          return T.clientRemoved(name);
        },
        gone: T.clientAlreadyRemoved(name),
      },
      false,
    );
  };
  const deleteOrganization = (organization: OrganizationWithGroups) =>
    ask(
      {
        target: { kind: 'organization', organizationGuid: organization.organizationGuid },
        question: T.confirmDeleteOrganization,
        run: async () => T.organizationDeleted((await api.deleteOrganization(organization.organizationGuid)).releasedClients),
        gone: T.organizationAlreadyDeleted,
      },
      true,
    );
  const deleteGroup = (group: OrganizationWithGroups['groups'][number]) =>
    ask(
      {
        target: { kind: 'group', groupGuid: group.groupGuid },
        question: T.confirmDeleteGroup,
        run: async () => T.groupDeleted((await api.deleteGroup(group.groupGuid)).releasedClients),
        gone: T.groupAlreadyDeleted,
      },
      true,
    );
  const request: ConfirmRequest | null = deletion && { message: question, retry: countFailed ? () => void count(deletion) : undefined };

  const announcements: Announcements = {
    onDragStart: ({ active }) => T.drag.pickedUp(nameOf(active.data.current)),
    onDragOver: ({ active, over }) => (over ? T.drag.over(nameOf(active.data.current), zoneLabel(over.id)) : T.drag.notOver(nameOf(active.data.current))),
    onDragEnd: ({ active, over }) => (over ? T.drag.dropped(nameOf(active.data.current), zoneLabel(over.id)) : T.drag.droppedNowhere(nameOf(active.data.current))),
    onDragCancel: ({ active }) => T.drag.cancelled(nameOf(active.data.current)),
  };

  const onDragStart = ({ active }: DragStartEvent) => setDragging({ id: String(active.id), name: nameOf(active.data.current) });
  const onDragEnd = ({ active, over, activatorEvent }: DragEndEvent) => {
    setDragging(null);
    // Dropped with the keyboard, focus stays on the handle, on the card as drawn in its new zone.
    if (over) void move(String(active.id), String(over.id), activatorEvent instanceof KeyboardEvent ? 'handle' : null);
  };

  const handlers = {
    zones,
    problems,
    focus,
    onFocused,
    onMove: (userId: string, to: string, focusOn: CardFocus['control']) => void move(userId, to, focusOn),
    onPreGrant: (userId: string, granted: boolean) => void preGrant(userId, granted),
    onRemove: removeClient,
  };

  return (
    <>
      <DndContext
        sensors={sensors}
        collisionDetection={collisionDetection}
        autoScroll={DRAG_AUTO_SCROLL}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => setDragging(null)}
        accessibility={{ announcements, screenReaderInstructions: { draggable: T.drag.instructions } }}
      >
        <div className={styles.board}>
          <DropZone
            zone={INDEPENDENT_ZONE}
            variant="independent"
            title={<h2 className={styles.zoneTitle}>{T.independentClients}</h2>}
            users={data.independent}
            {...handlers}
          />
          {data.organizations.map((organization) => (
            <OrganizationCard
              key={organization.organizationGuid}
              organization={organization}
              {...handlers}
              onDeleteOrganization={deleteOrganization}
              onDeleteGroup={deleteGroup}
              onAddGroup={(organizationGuid, name) => add(() => api.addGroup(organizationGuid, name))}
            />
          ))}
        </div>
        <DragOverlay dropAnimation={null}>{dragging && <div className={styles.overlayCard}>{dragging.name}</div>}</DragOverlay>
      </DndContext>

      {confirmAsked && (
        <Suspense fallback={null}>
          <ConfirmDialog request={request} busy={confirming} error={confirmError} onCancel={closeDialog} onConfirm={() => void runConfirmed()} fallbackFocus={() => titleRef.current} />
        </Suspense>
      )}
    </>
  );
}

function nameOf(data: unknown): string {
  return (data as { name?: string } | undefined)?.name ?? T.unnamed;
}
