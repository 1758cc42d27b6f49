import type { FastifyRequest } from 'fastify';

/**
 * Work a call sets off once its transaction has committed (api/register.ts runs it), whatever
 * then becomes of its answer: a client that goes away after the commit does not undo the change,
 * so what follows from it must still happen. A call whose transaction rolls back runs nothing.
 */
const queued = new WeakMap<FastifyRequest, Array<() => void>>();

export function afterCommit(request: FastifyRequest, work: () => void): void {
  const list = queued.get(request);
  if (list) list.push(work);
  else queued.set(request, [work]);
}

/** Called by the registry once the call's handler (and its transaction) has finished. */
export function runAfterCommit(request: FastifyRequest): void {
  const list = queued.get(request);
  if (!list) return;
  queued.delete(request);
  for (const work of list) work();
}
