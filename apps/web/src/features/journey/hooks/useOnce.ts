import { useRef, useState } from 'react';

/**
 * The journey's ways on (Next, Continue, Skip All) run their work once at a time (decision 0022:
 * a double click changes nothing and moves once). The second click of a double click lands before
 * React re-renders the button as busy, so a ref refuses it; `busy` gives the button its spinner
 * until the work settles: a move made with useNavigateWhenShown settles once the next page is on
 * screen, a save that failed as soon as it failed (the page stays, and can be pressed again).
 * The question pages' Next has its own guard (QuestionForm's `moving`), which also stops answers.
 */
export function useOnce(): { busy: boolean; once: (work: () => Promise<unknown>) => void } {
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const once = (work: () => Promise<unknown>) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    work()
      .catch((error: unknown) => console.error(error))
      .finally(() => {
        running.current = false;
        setBusy(false);
      });
  };
  return { busy, once };
}
