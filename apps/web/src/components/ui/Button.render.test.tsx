/** The kit's Button while busy: disabled, or (keepFocusWhileBusy) focusable and doing nothing. */
import type { MouseEvent, ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { Button, type ButtonProps } from './Button';

/** The <button> the kit's Button draws, for its props (no DOM to click in here). */
const drawn = (props: ButtonProps) => Button(props) as ReactElement<{ onClick?: (event: MouseEvent<HTMLButtonElement>) => void }>;

describe('Button', () => {
  it('is disabled while busy, with a spinner', () => {
    const html = renderToStaticMarkup(<Button busy>Save</Button>);
    expect(html).toMatch(/<button[^>]* disabled=""/);
    expect(html).toContain('aria-busy="true"');
    expect(html).not.toContain('aria-disabled');
  });

  it('keeps its focus while busy when asked: aria-disabled, not disabled, and a click does nothing', () => {
    const html = renderToStaticMarkup(
      <Button busy keepFocusWhileBusy>
        Try again
      </Button>,
    );
    expect(html).not.toContain('disabled=""');
    expect(html).toContain('aria-disabled="true"');
    expect(html).toContain('aria-busy="true"');

    const onClick = vi.fn();
    const event = { preventDefault: vi.fn() } as unknown as MouseEvent<HTMLButtonElement>;
    drawn({ busy: true, keepFocusWhileBusy: true, onClick, children: 'Try again', type: 'submit' }).props.onClick?.(event);
    expect(onClick).not.toHaveBeenCalled();
    expect(event.preventDefault).toHaveBeenCalled();
    drawn({ busy: false, keepFocusWhileBusy: true, onClick, children: 'Try again' }).props.onClick?.(event);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(renderToStaticMarkup(<Button keepFocusWhileBusy>Try again</Button>)).not.toMatch(/disabled/);
  });
});
