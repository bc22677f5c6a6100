/** Text for an HTML attribute or element: the five characters HTML gives meaning to, escaped. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * JSON to sit inside a <script> element (the query cache, JSON-LD): `<`, `>` and `&` become JSON
 * escapes so no `</script>` or `<!--` in a title can end the element early, and U+2028/2029 are
 * escaped as some parsers take them for line ends. JSON.parse reads the text back unchanged.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
