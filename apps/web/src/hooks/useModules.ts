import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ApiResult } from '../lib/api-client';
import { withRetry } from '../lib/retry';

/** One module of GetModulesAndPetals (spec 01 §7). */
export type ModuleSummary = ApiResult<'getModulesAndPetals'>[number];

/**
 * The app shell waits for this list before rendering any page (spec 01 §2), so
 * below the shell `useModules()` always has it. It never changes during a visit.
 */
export const modulesQueryOptions = queryOptions({
  queryKey: ['modulesAndPetals'],
  queryFn: (): Promise<ModuleSummary[]> => withRetry(() => api.getModulesAndPetals()),
  staleTime: Infinity,
  gcTime: Infinity,
  // A route may start this call before the shell mounts (app/routes.tsx). If it failed, the shell
  // shows the start-up error and its retry button at once rather than asking again on mount.
  retryOnMount: false,
});

export function useModules(): ModuleSummary[] {
  return useQuery(modulesQueryOptions).data ?? [];
}

/** Looks a module up by name, ignoring case as routes do ("/rapid/experiences"). */
export function findModule(modules: readonly ModuleSummary[], moduleName: string | undefined): ModuleSummary | undefined {
  if (!moduleName) return undefined;
  const wanted = moduleName.toLowerCase();
  return modules.find((module) => module.moduleName.toLowerCase() === wanted);
}
