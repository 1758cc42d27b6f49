import type { ResearchNormRow } from '../progress/repository';

/** Main thread to the norms worker: a batch of research rows, or the end of them (with the snapshot's time). */
export type NormsWorkerMessage = { readonly rows: readonly ResearchNormRow[] } | { readonly computedAt: string };

/** The norms worker's one answer: the snapshot's payload (JSON of `Norms`) and how many rows it rests on. */
export interface NormsWorkerAnswer {
  readonly payload: string;
  readonly population: number;
}
