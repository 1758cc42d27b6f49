import { describe, expect, it } from 'vitest';
import { centredOn, inPageOrder, nextZone, type ZoneRect } from './keyboard';

const zone = (id: string, top: number, left = 0): ZoneRect => ({ id, rect: { top, left, width: 200, height: 100 } });
const zones = [zone('c', 400), zone('a', 100, 300), zone('b', 102, 0), zone('d', 700)];

describe('keyboard moves between zones', () => {
  it('orders zones top to bottom, then left to right on a line', () => {
    expect(inPageOrder(zones).map((z) => z.id)).toEqual(['b', 'a', 'c', 'd']);
  });

  it('steps forward and back, stopping at the ends', () => {
    expect(nextZone('ArrowDown', zones, 'a')?.id).toBe('c');
    expect(nextZone('ArrowRight', zones, 'b')?.id).toBe('a');
    expect(nextZone('ArrowUp', zones, 'c')?.id).toBe('a');
    expect(nextZone('ArrowLeft', zones, 'b')?.id).toBe('b');
    expect(nextZone('ArrowDown', zones, 'd')?.id).toBe('d');
    expect(nextZone('ArrowDown', zones, null)?.id).toBe('b');
    expect(nextZone('KeyA', zones, 'a')).toBeNull();
  });

  it('centres the dragged client on the zone', () => {
    expect(centredOn(zone('x', 100, 50), { width: 100, height: 40 })).toEqual({ x: 100, y: 130 });
  });
});
