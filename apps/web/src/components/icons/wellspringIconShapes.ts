/**
 * The wellspring icons (public/icons/*.svg, also served as files) as shapes to draw inline.
 *
 * Drawn as `<img>` or SVG `<image>`, every icon file is a document of its own in the browser:
 * on the profile report its 24 icons cost about 26 document loads on the page's main thread,
 * each a task of 5-17 ms here, the largest part of the page's blocking time. Inline they are
 * a few elements each. The files stay the source: they are read at build time.
 */
const ICON_FILES = import.meta.glob<string>('../../../public/icons/*.svg', { query: '?raw', import: 'default', eager: true });

export type IconShape =
  | { kind: 'path'; d: string; strokeWidth?: number }
  | { kind: 'circle'; cx: number; cy: number; r: number; fill?: string };

/** Every icon file draws with these (checked by the tests), so they are set once on the icon. */
export const ICON_FRAME = {
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: '#1f2933',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

const ELEMENT = /<(path|circle)\b([^>]*)\/>/g;
const ATTRIBUTE = /([a-z-]+)="([^"]*)"/g;

/** The shapes of one icon file's markup, in order. Only the attributes the icons use are kept. */
export function parseIconShapes(markup: string): IconShape[] {
  const shapes: IconShape[] = [];
  for (const [, tag, attributeText = ''] of markup.matchAll(ELEMENT)) {
    const attributes = new Map([...attributeText.matchAll(ATTRIBUTE)].map(([, name, value]) => [name, value ?? '']));
    const number = (name: string) => Number(attributes.get(name));
    if (tag === 'path') {
      const strokeWidth = attributes.get('stroke-width');
      shapes.push({ kind: 'path', d: attributes.get('d') ?? '', ...(strokeWidth ? { strokeWidth: Number(strokeWidth) } : {}) });
    } else {
      const fill = attributes.get('fill');
      shapes.push({ kind: 'circle', cx: number('cx'), cy: number('cy'), r: number('r'), ...(fill ? { fill } : {}) });
    }
  }
  return shapes;
}

/** The icon files' markup by file name ("rest.svg"). */
export const ICON_MARKUP: ReadonlyMap<string, string> = new Map(
  Object.entries(ICON_FILES).map(([path, markup]) => [path.slice(path.lastIndexOf('/') + 1), markup]),
);

/** Parsed on first use: most pages that load the charts draw no icon at all. */
const parsed = new Map<string, IconShape[]>();

/** The shapes of an icon by its file name ("rest.svg"), or undefined for a name without a file. */
export function iconShapes(fileName: string): readonly IconShape[] | undefined {
  let shapes = parsed.get(fileName);
  if (!shapes) {
    const markup = ICON_MARKUP.get(fileName);
    if (markup === undefined) return undefined;
    parsed.set(fileName, (shapes = parseIconShapes(markup)));
  }
  return shapes;
}
