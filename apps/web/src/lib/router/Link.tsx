import type { AnchorHTMLAttributes, MouseEvent, Ref } from 'react';
import { createPath, resolvePath, type Location, type To } from './paths';
import { useLocation, useNavigate, type NavigateFunction, type NavigateOptions } from './Router';

type ClickKeys = Pick<MouseEvent, 'button' | 'metaKey' | 'altKey' | 'ctrlKey' | 'shiftKey'>;

/**
 * A click the app follows itself: the main button with no modifier key, on a link that opens here.
 * The rest (new tab or window, download, middle click, `target="_blank"`) is the browser's.
 */
export function isPlainClick(event: ClickKeys, target: string | undefined): boolean {
  return event.button === 0 && (!target || target === '_self') && !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey);
}

type LinkClick = ClickKeys & Pick<MouseEvent, 'defaultPrevented' | 'preventDefault'>;

/**
 * Follows a plain click on a link to `href` without loading the page, unless the link's own onClick
 * prevented it or it asks for a full load. A link to where the app already is replaces the entry
 * (as React Router's does), so clicking it twice does not need two Backs.
 */
export function followLinkClick(event: LinkClick, link: { href: string; target?: string; reloadDocument?: boolean } & NavigateOptions, current: Location, navigate: NavigateFunction): void {
  if (event.defaultPrevented || link.reloadDocument || !isPlainClick(event, link.target)) return;
  event.preventDefault();
  navigate(link.href, { replace: link.replace ?? link.href === createPath(current), state: link.state });
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>, NavigateOptions {
  to: To;
  /** Load the page from the server instead (e.g. to start over after an error). */
  reloadDocument?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

/** An anchor to a page of the app; a plain click moves there without loading the page. */
export function Link({ to, replace, state, reloadDocument, onClick, ...anchor }: LinkProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const href = createPath(resolvePath(to, location.pathname));
  return (
    <a
      {...anchor}
      href={href}
      onClick={(event) => {
        onClick?.(event);
        followLinkClick(event, { href, target: anchor.target, reloadDocument, replace, state }, location, navigate);
      }}
    />
  );
}
