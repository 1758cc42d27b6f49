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
import { useCallback, useMemo, useRef, useState } from 'react';
import { Link } from '../../../lib/router';
import { PageTitle } from '../../../components/layout/PageTitle';
import { buttonClassName } from '../../../components/ui/Button';
import { StatusLine } from '../../../components/ui/StatusLine';
import { Page } from '../../../components/ui/Page';
import { useCurrentUser } from '../../../hooks/useCurrentUser';
import { LoadingScreen } from '../../../components/layout/LoadingScreen';
import { SignInCheckFailed } from '../../../components/layout/SignInCheckFailedLazy';
import { ApiError } from '../../../lib/api';
import * as api from '../api';
import type { CardFocus } from '../components/ClientCard';
import { ConfirmDialog, type ConfirmRequest } from '../components/ConfirmDialog';
import { DropZone } from '../components/DropZone';
import { NameAdder } from '../components/NameAdder';
import { OrganizationCard } from '../components/OrganizationCard';
import { CLIENT_MANAGEMENT_TEXT as T } from '../content';
import { DRAG_AUTO_SCROLL } from '../logic/autoScroll';
import { zoneKeyboardCoordinates } from '../logic/keyboard';
import { clientName, clientOnBoard, groupOfZone, INDEPENDENT_ZONE, moveClient, organizationClientCount, plannedMove, restorePreGrant, setPreGrant, zoneOptions, type ClientBoard } from '../logic/zones';
import styles from '../ClientManagement.module.css';

/** Pointer drops count only where the pointer is; keyboard drops (no pointer) use the dragged card's rectangle. */
const collisionDetection: CollisionDetection = (args) => (args.pointerCoordinates ? pointerWithin(args) : rectIntersection(args));

/**
 * /ClientManagement (spec 02 §2, §4, §5): organizations, groups and clients, moved by drag and drop
 * or the "Move to" list and its Move button. A move is announced once the server has it; a change
 * the server refused is said where it was asked for (on the card, in the dialog, under the field).
 */
export default function ClientManagementPage() {
  const { user, isLoading, lookupFailed } = useCurrentUser();
  if (isLoading) return <LoadingScreen />;
  // Nobody known yet is not "not a coach": say the check failed and offer it again.
  if (lookupFailed) return <SignInCheckFailed pageTitle={T.title} classes={{ page: styles.page }} />;
  if (!user?.userRoles.includes('Coach')) {
    return (
      <Page className={styles.page}>
        <PageTitle title={T.title} />
        <h1 className="bloom-title">{T.title}</h1>
        <p className="bloom-lead">{T.notCoach}</p>
        <Link className={buttonClassName('secondary')} to="/CoachDashboard">
          {T.back}
        </Link>
      </Page>
    );
  }
  return <ClientManagement />;
}

function ClientManagement() {
  const queryClient = useQueryClient();
  const board = useQuery(clientBoardQueryOptions);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [confirmError, setConfirmError] = useState<string | null>(null);
  /** What the last move did, for the polite live region. */
  const [news, setNews] = useState('');
  const [problems, setProblems] = useState<Readonly<Record<string, string>>>({});
  const [focus, setFocus] = useState<CardFocus | null>(null);
  const onFocused = useCallback(() => setFocus(null), []);
  const [dragging, setDragging] = useState<{ id: string; name: string } | null>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: zoneKeyboardCoordinates }),
  );

  const data = board.data;
  const zones = useMemo(() => (data ? zoneOptions(data, { independent: T.independentClients, group: T.groupOption }) : []), [data]);
  const zoneLabel = (zone: string | number | undefined) => zones.find((z) => z.zone === String(zone))?.label ?? String(zone ?? '');

  const reload = () => queryClient.invalidateQueries({ queryKey: clientBoardQueryOptions.queryKey });
  /** A local change shown at once; a reload still on its way must not overwrite it with older data. */
  const patch = (update: (current: ClientBoard) => ClientBoard) => {
    // Cancelling reverts an in-flight fetch synchronously, so the update below lands on top (and stays synchronous for the checkbox).
    void queryClient.cancelQueries({ queryKey: clientBoardQueryOptions.queryKey });
    queryClient.setQueryData<ClientBoard>(clientBoardQueryOptions.queryKey, (current) => (current ? update(current) : current));
  };

  const sayProblem = (userId: string, problem: string | null) =>
    setProblems(({ [userId]: _old, ...others }) => (problem ? { ...others, [userId]: problem } : others));

  /**
   * Spec 02 §4: move locally, then reassign on the server, then reload. The card is drawn anew in
   * its new zone, so the control it was moved with is gone: `focusOn` puts focus on that control
   * of the card as drawn now (and again when a failed move puts the card back).
   */
  async function move(userId: string, to: string, focusOn: CardFocus['control'] | null) {
    const planned = data ? plannedMove(data, userId, to) : null;
    if (!data || !planned) return;
    const name = clientName(clientOnBoard(data, userId) ?? { firstName: null, lastName: null }, T.unnamed);
    const place = zoneLabel(to);
    sayProblem(userId, null);
    patch((current) => moveClient(current, userId, to));
    if (focusOn) setFocus({ userId, control: focusOn });
    try {
      await api.assignToGroup(userId, groupOfZone(to));
      setNews(T.moved(name, place));
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
    const before = data ? clientOnBoard(data, userId) : undefined;
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

  /** Adds an organization or group: null when done, otherwise what to say under the field (the server's reason when it refused the name). */
  async function add(call: () => Promise<unknown>): Promise<string | null> {
    try {
      await call();
      await reload();
      return null;
    } catch (error) {
      console.error('Could not add', error);
      return error instanceof ApiError && error.status < 500 && error.code ? error.message : T.addFailed;
    }
  }

  const ask = (message: string, action: () => Promise<unknown>) => {
    setConfirmError(null);
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
  const empty = data && data.organizations.length === 0 && data.independent.length === 0;

  return (
    <Page className={styles.page}>
      <PageTitle title={T.title} />
      <header className={styles.header}>
        <h1 ref={titleRef} tabIndex={-1} className="bloom-title">
          {T.title}
        </h1>
        <Link className={buttonClassName('secondary', 'small')} to="/CoachDashboard">
          {T.back}
        </Link>
      </header>
      <div className={styles.instructions}>
        {T.instructions.map((line) => (
          <p key={line}>{line}</p>
        ))}
        <p className="bloom-muted">{T.keyboardHint}</p>
      </div>
      <StatusLine text={news} />

      <NameAdder placeholder={T.organizationNamePlaceholder} buttonLabel={T.addOrganization} requiredMessage={T.organizationNameRequired} dotsMessage={T.organizationNameDots} onAdd={(name) => add(() => api.addOrganization(name))} />

      {board.isPending && <p role="status">{T.loading}</p>}
      {board.isError && <p className="bloom-error">{T.failed}</p>}
      {empty && <p className="bloom-empty">{T.noOrganizations}</p>}

      {data && (
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
      )}

      <ConfirmDialog request={confirm} busy={confirming} error={confirmError} onCancel={() => setConfirm(null)} onConfirm={() => void runConfirmed()} fallbackFocus={() => titleRef.current} />
    </Page>
  );
}

const clientBoardQueryOptions = api.clientBoardQuery;

function nameOf(data: unknown): string {
  return (data as { name?: string } | undefined)?.name ?? T.unnamed;
}
