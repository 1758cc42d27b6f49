import { coachClientsPageSchema, coachClientsQuerySchema, dashboardOutlineSchema } from '../coach-dashboard';
import { endpoint, json } from './define';

/**
 * The coach dashboard by pages (issue 27 part 3; decision 0032). GetAssessmentsByCoach still
 * answers the whole list for its other callers; the dashboard itself asks for the outline and
 * then pages. A group of another coach answers 404, like an unknown one.
 */
export const coachDashboardEndpoints = {
  getDashboardOutline: endpoint({
    method: 'GET',
    path: '/api/coach/GetDashboardOutline',
    response: json(dashboardOutlineSchema),
    caller: 'coach',
    writes: false,
    cache: 'private',
  }),
  getClientsPage: endpoint({
    method: 'GET',
    path: '/api/coach/GetClientsPage',
    query: coachClientsQuerySchema,
    response: json(coachClientsPageSchema),
    caller: 'coach',
    owns: { groupId: 'coachOwn' },
    writes: false,
    cache: 'private',
  }),
};
