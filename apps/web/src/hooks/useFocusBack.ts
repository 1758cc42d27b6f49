import { useEffect, useRef, useState } from 'react';

/**
 * A busy button is disabled, which drops its focus to the page's start. `remember` notes the
 * focused control as an action starts; `giveBack`, after the action failed, returns the focus to it
 * once the failure's render has enabled it again, unless the person has moved on meanwhile
 * (WCAG 2.4.3).
 */
export function useFocusBack(): { remember: () => void; giveBack: () => void } {
  const pressed = useRef<HTMLElement | null>(null);
  const [failures, setFailures] = useState(0);

  useEffect(() => {
    if (failures === 0) return;
    const control = pressed.current;
    pressed.current = null;
    const focusLost = document.activeElement === null || document.activeElement === document.body;
    if (control?.isConnected && focusLost) control.focus();
  }, [failures]);

  return {
    remember: () => {
      const active = document.activeElement;
      pressed.current = active instanceof HTMLElement && active !== document.body ? active : null;
    },
    giveBack: () => setFailures((count) => count + 1),
  };
}
