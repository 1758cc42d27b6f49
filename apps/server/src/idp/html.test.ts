import { describe, expect, it } from 'vitest';
import { html } from './html';

describe('html tagged template', () => {
  it('escapes every interpolated string, including attribute breakers', () => {
    const name = `"><script>alert('x')</script>&`;
    expect(html`<input value="${name}">`.value).toBe(
      '<input value="&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;">',
    );
  });

  it('keeps nested templates as markup and drops null, undefined and false', () => {
    const items = ['a<b', 'c'];
    const out = html`<ul>${items.map((item) => html`<li>${item}</li>`)}</ul>${null}${undefined}${false}${0}`;
    expect(out.value).toBe('<ul><li>a&lt;b</li><li>c</li></ul>0');
  });
});
