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
import { lazy, Suspense, useCallback, useMemo, useState, type RefObject } from 'react';
import * as api from '../api';
import { CLIENT_MANAGEMENT_TEXT as T } from '../content';
import { DRAG_AUTO_SCROLL } from '../logic/autoScroll';
import { zoneKeyboardCoordinates } from '../logic/keyboard';
import { clientName, clientOnBoard, groupOfZone, INDEPENDENT_ZONE, moveClient, organizationClientCount, plannedMove, restorePreGrant, setPreGrant, zoneOptions, type ClientBoard } from '../logic/zones';
import type { CardFocus } from './ClientCard';
import type { ConfirmRequest } from './ConfirmDialog';
import { DropZone } from './DropZone';
import { OrganizationCard } from './OrganizationCard';
import styles from '../ClientManagement.module.css';

/** The confirmation, with Radix Dialog (13 KB gzip), loads when a deletion is first asked for, not with the board. */
const ConfirmDialog = lazy(async () => ({ default: (await import('./ConfirmDialog')).ConfirmDialog }));

/** Pointer drops count only where the pointer is; keyboard drops (no pointer) use the dragged card's rectangle. */
const collisionDetection: CollisionDetection = (args) => (args.pointerCoordinates ? pointerWithin(args) : rectIntersection(args));

interface Props {
  /** The board as the page has read it. */
  data: ClientBoard;
  /** Says what a move did, in the page's polite live region. */
  onNews: (news: string) => void;
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
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
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

  const ask = (message: string, action: () => Promise<unknown>) => {
    setConfirmError(null);
    setConfirmAsked(true);
    setConfirm({
      message,
      onConfirm: async () => {
        await action();
      },
    });
  };

  /** A deletion that failed keeps the dialog open, saying so, rather than closing as if it were done. */
  async function runConfirmed() {
    if (!confirm) return;
    setConfirming(true);
    setConfirmError(null);
    let done = false;
    try {
      await confirm.onConfirm();
      done = true;
    } catch (error) {
      console.error('Could not delete', error);
      setConfirmError(T.deleteFailed);
    }
    await reload();
    setConfirming(false);
    if (done) setConfirm(null);
  }

  const removeClient = (client: ClientUser) => ask(T.confirmDeleteClient(clientName(client, T.unnamed)), () => api.removeClient(client.id));
  const deleteOrganization = (organization: OrganizationWithGroups) =>
    ask(T.confirmDeleteOrganization(organizationClientCount(organization)), () => api.deleteOrganization(organization.organizationGuid));
  const deleteGroup = (group: OrganizationWithGroups['groups'][number]) => ask(T.confirmDeleteGroup(group.users.length), () => api.deleteGroup(group.groupGuid));

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
          <ConfirmDialog request={confirm} busy={confirming} error={confirmError} onCancel={() => setConfirm(null)} onConfirm={() => void runConfirmed()} fallbackFocus={() => titleRef.current} />
        </Suspense>
      )}
    </>
  );
}

function nameOf(data: unknown): string {
  return (data as { name?: string } | undefined)?.name ?? T.unnamed;
}
