import { readFileSync, readdirSync } from 'node:fs';

/**
 * CPU time of processes, read from /proc (Linux): where a saturated load's CPU went, when the
 * server processes, PostgreSQL and the load generator share one machine's cores. Counted in
 * clock ticks (10 ms by default); over a load of several seconds that is close enough to split
 * the time per request between them.
 */
const TICKS_PER_SECOND = 100;

/** User plus system CPU seconds of `pid`, with those of its children that have exited (PostgreSQL's ended backends). */
export function cpuSeconds(pid: number): number {
  const fields = statFields(pid);
  if (!fields) return 0;
  // utime, stime, cutime, cstime: fields 14–17 of /proc/<pid>/stat, 11–14 after the command.
  return (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND;
}

/** `pid` and every process whose parent it is (a PostgreSQL postmaster and its backends). */
export function withChildren(pid: number): number[] {
  const children = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((candidate) => statFields(candidate)?.[1] === String(pid));
  return [pid, ...children];
}

/** CPU seconds of each group of processes from now until `stop()`; a group's process list is asked again at the end (backends come and go). */
export function measureCpu(groups: Record<string, () => number[]>): { stop(): Record<string, number> } {
  const before = new Map<number, number>();
  for (const pids of Object.values(groups)) for (const pid of pids()) before.set(pid, cpuSeconds(pid));
  const selfBefore = process.cpuUsage();
  return {
    stop: () => {
      const spent: Record<string, number> = {};
      for (const [name, pids] of Object.entries(groups)) {
        spent[name] = pids().reduce((sum, pid) => sum + cpuSeconds(pid) - (before.get(pid) ?? 0), 0);
      }
      const self = process.cpuUsage(selfBefore);
      spent['load generator'] = (self.user + self.system) / 1e6;
      return spent;
    },
  };
}

function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command (field 2) may hold spaces and parentheses: the fields after it start past the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}
