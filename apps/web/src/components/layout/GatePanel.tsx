import { useId, type ReactNode } from 'react';
import { Page } from '../ui/Page';
import { PageTitle } from './PageTitle';

/**
 * The CSS module of the page the panel stands in for, so it looks like that page's own panel:
 * its `page` (the adjustments to the kit's Page), `panel`, `title`, `lead` and `actions` classes
 * are added to the scaffold's (`bloom-panel`, `bloom-title`, `bloom-lead`, `bloom-actions`), which
 * the panel always has; a page without one of them keeps the scaffold's.
 */
export type GatePanelClasses = Readonly<Record<string, string | undefined>>;

export interface GatePanelProps {
  pageTitle: string;
  title: string;
  body: string;
  classes?: GatePanelClasses;
  /** The panel's buttons. */
  actions: ReactNode;
  /** What follows the buttons (a status line). */
  children?: ReactNode;
}

/**
 * What a gated page shows in its place (SignInPrompt, SignInCheckFailed): the page's title, one
 * panel with a heading, a line saying why, and the way on.
 */
export function GatePanel({ pageTitle, title, body, classes = {}, actions, children }: GatePanelProps) {
  const titleId = useId();
  const scaffold = (part: 'panel' | 'title' | 'lead' | 'actions') => [`bloom-${part}`, classes[part]].filter(Boolean).join(' ');
  return (
    <Page className={classes.page}>
      <PageTitle title={pageTitle} />
      <section className={scaffold('panel')} aria-labelledby={titleId}>
        <h1 id={titleId} className={scaffold('title')}>
          {title}
        </h1>
        <p className={scaffold('lead')}>{body}</p>
        <div className={scaffold('actions')}>{actions}</div>
        {children}
      </section>
    </Page>
  );
}
