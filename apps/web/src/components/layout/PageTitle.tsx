import { useLayoutEffect } from 'react';
import { BRAND } from '../../content/brand';

/**
 * Sets the browser tab title for a page (WCAG 2.4.2) while the page is shown, and gives the
 * previous title back when it goes. Set on the document rather than rendered as a `<title>`:
 * the browser runtime (Preact, decision 0037) does not hoist a `<title>` into `<head>` as React 19 did.
 */
export function PageTitle({ title }: { title: string }) {
  const text = `${title} · ${BRAND.name}`;
  useLayoutEffect(() => {
    const previous = document.title;
    document.title = text;
    return () => {
      document.title = previous;
    };
  }, [text]);
  return null;
}
