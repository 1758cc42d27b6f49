/**
 * Runs `steps` one per task: the first now, each next one in a task of its own after it, so the
 * browser can paint or handle input between them; returns the cancel function. For starting a
 * page's lazy downloads: each `import()` of a chunk adds a `<link rel="modulepreload">` per file
 * it needs (Vite's preload lists), and each link costs the main thread about a millisecond on a
 * phone (Chrome starts its fetch then and there). The report's two imports at once made one task
 * of 13 links, long enough to count as blocking time (Lighthouse: over 50 ms at 4× slowdown).
 */
export function onePerTask(steps: ReadonlyArray<() => void>): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = (index: number) => {
    steps[index]?.();
    if (index + 1 < steps.length) timer = setTimeout(() => run(index + 1));
  };
  run(0);
  return () => clearTimeout(timer);
}
