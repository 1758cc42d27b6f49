import { lazy, Suspense, type ComponentProps } from 'react';
import type { SignInCheckFailed as SignInCheckFailedPanel } from './SignInCheckFailed';

/**
 * The gated pages' "We could not check your sign-in" (SignInCheckFailed), kept out of their first
 * paint: it is drawn only when the current-user look-up failed. The gates import this one.
 */
const load = () => import('./SignInCheckFailed');
const Panel = lazy(async () => ({ default: (await load()).SignInCheckFailed }));

export function SignInCheckFailed(props: ComponentProps<typeof SignInCheckFailedPanel>) {
  return (
    <Suspense fallback={null}>
      <Panel {...props} />
    </Suspense>
  );
}
