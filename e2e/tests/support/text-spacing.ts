import type { Page } from '@playwright/test';

/**
 * WCAG 2.2 1.4.12 Text Spacing: the spacing the criterion names, applied as the well-known text
 * spacing bookmarklet applies it (line height 1.5, paragraphs 2em apart, letters 0.12em, words 0.16em).
 */
export const TEXT_SPACING_CSS =
  '* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }';

const STYLE_ID = 'e2e-text-spacing';

/** Applies the criterion's spacing to the page as it is now (it stays through the app's own moves, not a reload). */
export async function applyTextSpacing(page: Page): Promise<void> {
  await page.evaluate(
    ({ id, css }) => {
      if (document.getElementById(id)) return;
      const style = document.createElement('style');
      style.id = id;
      style.textContent = css;
      document.head.append(style);
    },
    { id: STYLE_ID, css: TEXT_SPACING_CSS },
  );
}

/** Takes the spacing off again. */
export async function removeTextSpacing(page: Page): Promise<void> {
  await page.evaluate((id) => document.getElementById(id)?.remove(), STYLE_ID);
}

/** One text that loses content: it runs into another text or a control, or a box hides part of it. */
export interface SpacingProblem {
  kind: 'overlaps' | 'clipped' | 'off-page';
  text: string;
  other?: string;
  /** Whether it is SVG text (a chart's drawing), and so is what it runs into. */
  svg: boolean;
  /** Where the text is on the page (page coordinates), to find it in a screenshot. */
  x: number;
  y: number;
}

/**
 * Every visible text inside `scope` (a CSS selector; the whole page when left out) that runs into
 * another text (their line boxes overlap, or texts of two separate blocks touch on a line, as
 * "ExperiencesFeelings" does) or into a form control, that a box with hidden overflow cuts off, or
 * that runs off the page's sides outside a box that scrolls. Not looked at: text a screen-reader-
 * only box hides on purpose, a carousel's hidden slides, a deliberate ellipsis (text-overflow),
 * and overlaps with fixed-position layers (the floating buttons, which scroll over the page).
 * Parts that skip rendering while off screen (content-visibility: auto) are rendered for the look.
 */
export async function findSpacingProblems(page: Page, scope?: string): Promise<SpacingProblem[]> {
  return page.evaluate((selector) => {
    const root = selector ? document.querySelector(selector) : document.body;
    if (!root) throw new Error(`No ${selector} on the page`);
    const render = document.createElement('style');
    render.textContent = '* { content-visibility: visible !important; }';
    document.head.append(render);
    try {
      /** Overlap that counts: more than this many pixels each way. */
      const TOLERANCE = 1.5;
      /** Texts of two separate blocks side by side on a line need at least this much room between them. */
      const GAP = 2;
      const styleOf = (el: Element) => getComputedStyle(el);
      const hiddenOnPurpose = (el: Element | null): boolean => {
        for (let e = el; e; e = e.parentElement) {
          const s = styleOf(e);
          if (s.position === 'absolute' && s.clip !== 'auto' && s.clip !== '') return true;
          if (s.clipPath !== 'none' && s.clipPath !== '') return true;
        }
        return false;
      };
      const isFixed = (el: Element | null): boolean => {
        for (let e = el; e; e = e.parentElement) if (styleOf(e).position === 'fixed') return true;
        return false;
      };
      const blockOf = (el: Element): Element => {
        if (el instanceof SVGElement) return el.closest('text') ?? el;
        for (let e: Element | null = el; e; e = e.parentElement) {
          const display = styleOf(e).display;
          if (display !== 'inline' && display !== 'contents') return e;
        }
        return el;
      };
      const label = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 60);
      interface Box { left: number; top: number; right: number; bottom: number }
      interface Item { owner: Element; block: Element; text: string; rects: Box[]; fixed: boolean; svg: boolean }
      const items: Item[] = [];
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      const range = document.createRange();
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        const owner = node.parentElement;
        if (!owner || !text.trim()) continue;
        if (owner.closest('script, style, noscript, template, title, desc')) continue;
        if (!owner.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
        if (hiddenOnPurpose(owner)) continue;
        // The words only: the spaces around them take no room that matters.
        range.setStart(node, text.search(/\S/));
        range.setEnd(node, text.trimEnd().length);
        const rects = Array.from(range.getClientRects())
          .filter((r) => r.width > 0.5 && r.height > 0.5)
          .map((r) => ({ left: r.left, top: r.top, right: r.right, bottom: r.bottom }));
        if (rects.length === 0) continue;
        items.push({ owner, block: blockOf(owner), text: label(text), rects, fixed: isFixed(owner), svg: owner instanceof SVGElement });
      }

      const problems: { kind: 'overlaps' | 'clipped' | 'off-page'; text: string; other?: string; svg: boolean; x: number; y: number }[] = [];
      const report = (kind: 'overlaps' | 'clipped' | 'off-page', item: Item, other?: { text: string; svg: boolean }) =>
        problems.push({
          kind,
          text: item.text,
          other: other?.text,
          // Text of one chart drawing: SVG text against SVG text (against HTML text it is the page's).
          svg: item.svg && (other?.svg ?? true),
          x: Math.round(item.rects[0]!.left + scrollX),
          y: Math.round(item.rects[0]!.top + scrollY),
        });
      const overlap = (a: Box, b: Box, gap: number) =>
        Math.min(a.right, b.right) - Math.max(a.left, b.left) > -gap && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > TOLERANCE && (gap > 0 || Math.min(a.right, b.right) - Math.max(a.left, b.left) > TOLERANCE);

      // A carousel's slides out of view: hidden from everyone (aria-hidden) and wholly outside the box that clips them.
      const clipBoxes = (item: Item) => {
        const boxes: { box: Box; x: boolean; y: boolean; ellipsis: boolean }[] = [];
        for (let self: Element | null = item.owner; self; self = self.parentElement) {
          const s = styleOf(self);
          const x = s.overflowX === 'hidden' || s.overflowX === 'clip';
          const y = s.overflowY === 'hidden' || s.overflowY === 'clip';
          if ((!x && !y) || (self instanceof SVGElement && !(self instanceof SVGSVGElement))) continue;
          const rect = self.getBoundingClientRect();
          const left = rect.left + self.clientLeft;
          const top = rect.top + self.clientTop;
          boxes.push({ box: { left, top, right: left + (self.clientWidth || rect.width), bottom: top + (self.clientHeight || rect.height) }, x, y, ellipsis: s.textOverflow === 'ellipsis' });
        }
        return boxes;
      };
      const outside = (r: Box, c: { box: Box; x: boolean; y: boolean }) =>
        (c.x && (r.left < c.box.left - TOLERANCE || r.right > c.box.right + TOLERANCE)) || (c.y && (r.top < c.box.top - TOLERANCE || r.bottom > c.box.bottom + TOLERANCE));
      const whollyOutside = (r: Box, c: { box: Box }) => r.right <= c.box.left || r.left >= c.box.right || r.bottom <= c.box.top || r.top >= c.box.bottom;
      const shown = items.filter((item) => !(item.owner.closest('[aria-hidden="true"]') && clipBoxes(item).some((c) => item.rects.every((r) => whollyOutside(r, c)))));

      // Text into text.
      for (let i = 0; i < shown.length; i += 1) {
        for (let j = i + 1; j < shown.length; j += 1) {
          const a = shown[i]!;
          const b = shown[j]!;
          if (a.fixed !== b.fixed) continue;
          const separate = a.block !== b.block && !a.block.contains(b.block) && !b.block.contains(a.block);
          if (a.rects.some((ra) => b.rects.some((rb) => overlap(ra, rb, separate ? GAP : 0)))) report('overlaps', a, b);
        }
      }
      // Text over a form control it is not part of.
      const controls = Array.from(root.querySelectorAll('input:not([type=hidden]), select, textarea')).filter(
        (c) => c.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && !hiddenOnPurpose(c),
      );
      for (const item of shown) {
        for (const control of controls) {
          if (control.contains(item.owner) || item.fixed !== isFixed(control)) continue;
          const box = control.getBoundingClientRect();
          if (box.width < 2 || box.height < 2) continue;
          if (item.rects.some((r) => overlap(r, box, 0))) report('overlaps', item, { text: `<${control.tagName.toLowerCase()} ${control.getAttribute('name') ?? control.id}>`, svg: false });
        }
      }
      // Text cut off by a box that hides its overflow, or off the page's sides.
      const pageWidth = document.documentElement.clientWidth;
      const scrollsSideways = (el: Element) => {
        for (let e: Element | null = el; e; e = e.parentElement) if (/auto|scroll/.test(styleOf(e).overflowX) && e !== document.documentElement && e !== document.body) return true;
        return false;
      };
      for (const item of shown) {
        const cut = clipBoxes(item).some((c) => !c.ellipsis && item.rects.some((r) => outside(r, c)));
        if (cut) report('clipped', item);
        else if (!item.fixed && !scrollsSideways(item.owner) && item.rects.some((r) => r.left < -TOLERANCE || r.right > pageWidth + TOLERANCE)) report('off-page', item);
      }
      return problems;
    } finally {
      render.remove();
    }
  }, scope);
}
