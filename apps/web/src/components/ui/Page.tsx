import type { HTMLAttributes, ReactNode } from 'react';

interface PageProps extends HTMLAttributes<HTMLElement> {
  /** The element: a `section` named by its heading (aria-labelledby) is a landmark of its own. */
  as?: 'div' | 'section' | 'article';
  /**
   * true (the account screens): the page's parts stack in one column with a gap between them;
   * false (the journey, the reports, the checkout): they flow and space themselves.
   */
  stack?: boolean;
  /** The feature's own width and adjustments, from its CSS module. */
  className?: string;
  children: ReactNode;
}

/**
 * The page scaffold every screen sits in: a column centred on the cream page, with the page's
 * padding (wider from 768 px). Its look is the global `bloom-page` / `bloom-page-flow` classes of
 * `styles/scaffold.css`, in the entry stylesheet, so a feature's `className` (its maximum width)
 * always wins whatever order stylesheets load in.
 *
 *   <Page className={styles.page}>…</Page>            (.page { max-width: 640px; })
 */
export function Page({ as: Element = 'div', stack = true, className, children, ...rest }: PageProps) {
  const scaffold = stack ? 'bloom-page' : 'bloom-page-flow';
  return (
    <Element {...rest} className={className ? `${scaffold} ${className}` : scaffold}>
      {children}
    </Element>
  );
}
