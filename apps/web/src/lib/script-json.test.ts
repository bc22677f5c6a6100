// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { escapeHtml, scriptJson } from './script-json';
import { readServerState, SSR_STATE_ID, serializeState } from './ssr-state';

describe('scriptJson', () => {
  const value = { title: '</script><script>alert(1)</script><!-- & \u2028\u2029 "q"' };

  it('leaves no <, > or & and no line separators, and reads back unchanged', () => {
    const text = scriptJson(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });

  it('hands the query cache over through a script element intact (serializeState, readServerState)', () => {
    const state = { queries: [{ queryKey: ['product', 'SH1'], state: { data: value } }], mutations: [] };
    document.body.innerHTML = `<div id="root"></div><script type="application/json" id="${SSR_STATE_ID}">${serializeState(state)}</script><p id="after">after</p>`;
    // The title's </script> did not end the element early: what follows is still its own element.
    expect(document.getElementById('after')?.textContent).toBe('after');
    expect(readServerState(document)).toEqual(state);
  });

  it('finds no state on a page the server did not render, or a broken one', () => {
    document.body.innerHTML = '<div id="root"></div>';
    expect(readServerState(document)).toBeNull();
    document.body.innerHTML = `<script type="application/json" id="${SSR_STATE_ID}">{broken</script>`;
    expect(readServerState(document)).toBeNull();
  });
});

describe('escapeHtml', () => {
  it('escapes the characters HTML gives meaning to', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
