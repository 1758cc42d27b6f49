import { useEffect, useRef, useState } from 'react';

/**
 * True once the element has come near the screen (and from then on): the dashboard asks for an
 * organization's or a group's figures only when its section is open and scrolled into view.
 * Without IntersectionObserver it is true at once.
 */
export function useInView<T extends Element>(margin = '200px'): { ref: React.RefObject<T | null>; inView: boolean } {
  const ref = useRef<T>(null);
  const [inView, setInView] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (inView || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setInView(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [inView, margin]);
  return { ref, inView };
}
