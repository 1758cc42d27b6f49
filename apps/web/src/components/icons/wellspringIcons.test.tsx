import { content, indexContent } from '@bloom/domain';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { WellspringIcon } from './WellspringIcon';
import { ICON_FRAME, ICON_MARKUP, iconShapes, parseIconShapes } from './wellspringIconShapes';

/** The SVG attribute a React prop stands for: strokeWidth is stroke-width, viewBox stays. */
const attributeName = (prop: string) => (prop === 'viewBox' ? prop : prop.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`));

describe('wellspring icons drawn inline', () => {
  it('has an icon for every wellspring the content names', () => {
    const names = indexContent(content).wellsprings.map((entry) => entry.wellspring.icon);
    expect(names).toHaveLength(24);
    for (const name of names) expect(iconShapes(name)?.length, name).toBeGreaterThan(0);
  });

  it('keeps every shape of every file, each file drawn with the shared frame', () => {
    const files = [...ICON_MARKUP];
    expect(files.length).toBeGreaterThanOrEqual(24);
    for (const [name, markup] of files) {
      const root = /<svg\b([^>]*)>/.exec(markup)?.[1] ?? '';
      for (const [key, value] of Object.entries(ICON_FRAME)) expect(root, `${name} ${key}`).toContain(`${attributeName(key)}="${value}"`);
      // Nothing but paths and circles inside, so no shape is left out.
      const tags = [...markup.matchAll(/<([a-z]+)\b/g)].map((match) => match[1]);
      expect(tags.filter((tag) => tag !== 'svg').every((tag) => tag === 'path' || tag === 'circle'), name).toBe(true);
      expect(iconShapes(name)).toHaveLength(tags.length - 1);
    }
  });

  it('reads the attributes each shape carries', () => {
    expect(parseIconShapes('<svg><path d="M1 2h3" stroke-width="2.4"/><circle cx="12" cy="7.5" r="1.2" fill="#1f2933"/><path d="M0 0"/></svg>')).toEqual([
      { kind: 'path', d: 'M1 2h3', strokeWidth: 2.4 },
      { kind: 'circle', cx: 12, cy: 7.5, r: 1.2, fill: '#1f2933' },
      { kind: 'path', d: 'M0 0' },
    ]);
  });

  it('draws the shapes as a decorative SVG, and nothing for an unknown name', () => {
    const html = renderToString(<WellspringIcon icon="rest.svg" size={24} />);
    expect(html).toMatch(/^<svg[^>]*aria-hidden="true"/);
    expect(html).toContain('viewBox="0 0 24 24"');
    expect(html).toContain('d="M19.5 14.5A8 8 0 1 1 9.5 4.5a6.3 6.3 0 0 0 10 10z"');
    expect(renderToString(<WellspringIcon icon="missing.svg" size={24} />)).toBe('');
  });
});
