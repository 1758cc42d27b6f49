/**
 * The query key every read of the coach dashboard sits under (its outline, its sections' pages
 * and their figures, decision 0032), so one invalidation refreshes them all. Here, not in the
 * coach feature, because Client Management changes what the dashboard shows and features do not
 * import each other: after a move or a deletion it invalidates this key, and the dashboard reads
 * afresh when the coach goes back to it.
 */
export const coachDashboardKey = ['coach', 'dashboard'] as const;
