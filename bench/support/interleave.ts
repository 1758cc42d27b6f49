import { mergeResults, requestsPerSecond, type LoadResult } from './load';
import { fmt } from './report';

/** One contender of an interleaved measurement: runs its part `segment` of the load. */
export type SegmentRun = (segment: number) => Promise<LoadResult>;

const popCount = (n: number): number => (n === 0 ? 0 : (n & 1) + popCount(n >> 1));

/**
 * The order of the contenders in segment `segment`. Two contenders go in Thue–Morse order
 * (AB BA BA AB ...), in which every prefix of two segments is balanced; more contenders rotate,
 * so each one runs first, second, ... equally often.
 */
export function segmentOrder(count: number, segment: number): number[] {
  const order = Array.from({ length: count }, (_, index) => index);
  if (count === 2) return popCount(segment) % 2 === 0 ? order : order.reverse();
  const shift = segment % count;
  return [...order.slice(shift), ...order.slice(0, shift)];
}

/**
 * Runs every contender's load in `segments` short parts, one contender after the other within
 * each segment (segmentOrder), so drift in this machine's other work lands on all alike,
 * including drift faster than the whole run. Each segment's requests/s are printed as it ends,
 * the first contender's being 100%.
 */
export async function interleave<Name extends string>(label: string, segments: number, runs: Record<Name, SegmentRun>): Promise<Record<Name, LoadResult>> {
  const names = Object.keys(runs) as Name[];
  const parts = new Map<Name, LoadResult[]>(names.map((name) => [name, []]));
  for (let segment = 0; segment < segments; segment++) {
    for (const index of segmentOrder(names.length, segment)) {
      const name = names[index]!;
      parts.get(name)!.push(await runs[name](segment));
    }
    const rates = names.map((name) => requestsPerSecond(parts.get(name)!.at(-1)!));
    const shown = names.map((name, index) => `${name} ${fmt(rates[index]!, 0)} req/s${index > 0 ? ` (${fmt((rates[index]! / rates[0]!) * 100, 0)}%)` : ''}`);
    console.log(`  ${label}, part ${segment + 1}/${segments}: ${shown.join(', ')}`);
  }
  return Object.fromEntries(names.map((name) => [name, mergeResults(parts.get(name)!)])) as Record<Name, LoadResult>;
}
