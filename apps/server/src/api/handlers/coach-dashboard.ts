import { clientsPage, dashboardOutline } from '../../coaching/client-pages';
import type { Call, Output } from '../call';

/** The coach dashboard by pages (issue 27 part 3, decision 0032): the outline, then pages of clients. */
export async function getDashboardOutline({ caller, db }: Call<'getDashboardOutline'>): Promise<Output<'getDashboardOutline'>> {
  return dashboardOutline(db, caller.user.id);
}

/** A group of another coach (or none) answers 404, like an unknown one: it is not among the coach's groups (clientsPage). */
export async function getClientsPage({ caller, db, query }: Call<'getClientsPage'>): Promise<Output<'getClientsPage'>> {
  return clientsPage(db, caller.user.id, query);
}

export const coachDashboardHandlers = { getDashboardOutline, getClientsPage };
