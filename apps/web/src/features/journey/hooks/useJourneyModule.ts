import { useParams } from '../../../lib/router';
import { useModules } from '../../../hooks/useModules';
import type { ModuleSummary } from '../api/types';
import { PETAL_EYEBROW } from '../content/pages';
import { findModule, findPetalName, petalTracker, type PetalTracker } from '../logic/navigation';

/** The module (and petal) named in the URL, resolved case-insensitively against the server's list. */
export function useJourneyModule(): {
  modules: ModuleSummary[];
  module: ModuleSummary | undefined;
  petalName: string | undefined;
  tracker: PetalTracker | undefined;
} {
  const params = useParams();
  const modules = useModules();
  const module = findModule(modules, params.moduleName);
  const petalName = module ? findPetalName(module, params.petalName) : undefined;
  const tracker = module && petalName ? petalTracker(module, petalName) : undefined;
  return { modules, module, petalName, tracker };
}

/** "Positive Experiences · Petal 2 of 4" */
export function petalEyebrow(module: ModuleSummary, tracker: PetalTracker | undefined): string {
  return tracker ? PETAL_EYEBROW(module.displayName, tracker.index + 1, tracker.last + 1) : module.displayName;
}
