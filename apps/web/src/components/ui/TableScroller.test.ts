import { describe, expect, it } from 'vitest';
import { hiddenColumns } from './TableScroller';

describe('hiddenColumns', () => {
  it('is none when the table fits its box', () => {
    expect(hiddenColumns(0, 340, 340)).toBe('none');
    // A fraction of a pixel from zoom or rounding is not a hidden column.
    expect(hiddenColumns(0, 340, 341)).toBe('none');
  });

  it('names the side the hidden columns are on as the table scrolls across', () => {
    expect(hiddenColumns(0, 340, 600)).toBe('right');
    expect(hiddenColumns(100, 340, 600)).toBe('both');
    expect(hiddenColumns(260, 340, 600)).toBe('left');
  });
});
