import { KeyboardCode, type KeyboardCoordinateGetter } from '@dnd-kit/core';

/**
 * Keyboard dragging between drop zones: instead of nudging the client a few pixels per key
 * press (dnd-kit's default), each arrow key jumps to the next or previous zone in page order
 * (Down/Right forward, Up/Left back), centring the client on it so that zone is "over".
 */
export interface ZoneRect {
  id: string;
  rect: { top: number; left: number; width: number; height: number };
}

const FORWARD: string[] = [KeyboardCode.Down, KeyboardCode.Right];
const BACKWARD: string[] = [KeyboardCode.Up, KeyboardCode.Left];

/** Zones in reading order: top to bottom, then left to right for zones on one line. */
export function inPageOrder(zones: readonly ZoneRect[]): ZoneRect[] {
  return [...zones].sort((a, b) => (Math.abs(a.rect.top - b.rect.top) > 4 ? a.rect.top - b.rect.top : a.rect.left - b.rect.left));
}

export function nextZone(code: string, zones: readonly ZoneRect[], currentZone: string | null): ZoneRect | null {
  const step = FORWARD.includes(code) ? 1 : BACKWARD.includes(code) ? -1 : 0;
  if (step === 0 || zones.length === 0) return null;
  const ordered = inPageOrder(zones);
  const index = ordered.findIndex((zone) => zone.id === currentZone);
  if (index === -1) return ordered[step === 1 ? 0 : ordered.length - 1]!;
  return ordered[Math.min(ordered.length - 1, Math.max(0, index + step))]!;
}

/** Top-left coordinates that centre a rectangle of this size on the zone. */
export function centredOn(zone: ZoneRect, size: { width: number; height: number }): { x: number; y: number } {
  return {
    x: zone.rect.left + zone.rect.width / 2 - size.width / 2,
    y: zone.rect.top + Math.min(zone.rect.height / 2, 60) - size.height / 2,
  };
}

export const zoneKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
  const { collisionRect, droppableRects, over, active } = context;
  if (!collisionRect) return currentCoordinates;
  const zones: ZoneRect[] = [];
  droppableRects.forEach((rect, id) => zones.push({ id: String(id), rect }));
  const startZone = (active?.data.current as { zone?: string } | undefined)?.zone ?? null;
  const target = nextZone(event.code, zones, over ? String(over.id) : startZone);
  if (!target) return undefined;
  event.preventDefault();
  return centredOn(target, collisionRect);
};
