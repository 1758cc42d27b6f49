import { describe, expect, it } from 'vitest';
import { clientName } from './clientName';
import { formatFigure, NO_VARIATION, NOT_ENOUGH_DATA } from './instrument';

describe('formatFigure', () => {
  it('shows "not enough data" for a withheld figure, never a number', () => {
    expect(formatFigure(null, false)).toBe(NOT_ENOUGH_DATA);
    expect(formatFigure(0.81, false)).toBe(NOT_ENOUGH_DATA);
    // Enough people, but no spread to divide by: not the number of people's fault.
    expect(formatFigure(null, true)).toBe(NO_VARIATION);
    expect(formatFigure(0.8123, true)).toBe('0.81');
    expect(formatFigure(-0.05, true)).toBe('-0.05');
  });
});

describe('clientName', () => {
  it('names the client as the coach dashboard does, or null', () => {
    expect(clientName({ firstName: ' Riley ', lastName: 'Rivera' })).toBe('Riley Rivera');
    expect(clientName({ firstName: null, lastName: '  ' })).toBeNull();
    expect(clientName({ firstName: null, lastName: null })).toBeNull();
    expect(clientName(undefined)).toBeNull();
  });
});
