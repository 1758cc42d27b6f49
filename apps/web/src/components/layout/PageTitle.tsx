import { BRAND } from '../../content/brand';

/** Sets the browser tab title for a page (WCAG 2.4.2); React 19 hoists <title> into <head>. */
export function PageTitle({ title }: { title: string }) {
  return <title>{`${title} · ${BRAND.name}`}</title>;
}
