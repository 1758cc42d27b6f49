import { lazy, Suspense } from 'react';
import type { Answers } from '../logic/answers';

/**
 * The question pages' ways on after a session ends (SessionEnded), kept out of their first paint
 * (docs/performance.md): loaded only when a save finds the session gone, when a Professional page
 * opens with nobody signed in, when a Rapid page opens after the session of whoever this tab's
 * journey had signed in ended, when a page opens with answers kept across the sign-in, or when a
 * save is refused because the assessment's plan was bought (SessionEnded's `locked`). Every
 * import of it by the question pages goes through `loadSessionEnded`, here in the question form's
 * chunk, so the first paint names it, and the chunks it needs, once (Life Situations imports it
 * lazily itself, when its save finds the session gone).
 */
export const loadSessionEnded = () => import('./SessionEnded');
const Block = lazy(async () => ({ default: (await loadSessionEnded()).SessionEnded }));

/** `locked`: the answers were refused because the assessment's plan was bought (decision 0074). */
export function SessionEnded(props: { answers: Answers; startPath: string; locked: boolean }) {
  return (
    <Suspense>
      <Block {...props} />
    </Suspense>
  );
}

const SignInNeededBlock = lazy(async () => ({ default: (await loadSessionEnded()).SignInNeededPage }));

/**
 * A question page with nobody signed in that cannot start a guest: a Professional page, or a Rapid
 * one whose answers wait for a sign-in or whose member's session ended (`Rapid`), or whose guest's
 * session ended (`guest`).
 */
export function SignInNeededPage(props: { startPath: string; kind: 'Rapid' | 'Professional' | 'guest' }) {
  return (
    <Suspense>
      <SignInNeededBlock {...props} />
    </Suspense>
  );
}
