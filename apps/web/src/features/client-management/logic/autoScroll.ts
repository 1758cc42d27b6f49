/**
 * Auto-scrolling while a client is dragged (dnd-kit `autoScroll`): only while the pointer is
 * within this share of the window's height from its top or bottom edge, and gently.
 *
 * dnd-kit's default is the outer 20% at speed 10 (up to ~2,000 px/s). On an 800 px window that
 * is the bottom 160 px, more than a whole group (8rem high): holding the pointer over a group
 * in the lower part of the screen scrolled the page under it, so the drop landed in a group
 * further down, or below the last one (issue 23 §6; e2e/tests/client-drag.spec.ts). The drop
 * zones are measured correctly; the page was moving beneath a still pointer.
 */
export const DRAG_AUTO_SCROLL = { threshold: { x: 0, y: 0.035 }, acceleration: 4 } as const;

/** The smallest drop zone's height (`.zone` min-height 8rem at 16 px). */
export const MIN_ZONE_HEIGHT_PX = 128;

/** Whether holding the pointer this far (px) from the window's top or bottom edge scrolls the page. */
export function scrollsAt(distanceFromEdge: number, windowHeight: number, threshold: number = DRAG_AUTO_SCROLL.threshold.y): boolean {
  return distanceFromEdge <= windowHeight * threshold;
}
