/**
 * A server-rendered page's scripts started after its picture (issue 13's LCP budget; the browser
 * side is apps/web/src/boot.ts).
 *
 * The page arrives drawn; its scripts only make it interactive. Requested with the HTML, the
 * shell, its imports and the page's chunk shared a slow line with the largest picture, and
 * Lighthouse's simulation of a phone counts every request started before that picture paints as
 * standing in its way. So the page loads one tiny script, which imports the app's entry scripts
 * (listed in a meta element) once the picture has loaded. No inline script: the CSP allows none.
 */

const ENTRY_SCRIPT = /[ \t]*<script type="module" crossorigin src="([^"]+)"[^>]*><\/script>\n?/g;
const MODULE_PRELOAD = /[ \t]*<link rel="modulepreload"[^>]*>\n?/g;

/**
 * `html` with its entry scripts and module preloads replaced by the boot script (`bootFile`, a path
 * under the web root) and the list it starts. A page without an entry script is left as it is.
 */
export function deferEntryScripts(html: string, bootFile: string): string {
  const entries = [...html.matchAll(ENTRY_SCRIPT)].map((match) => match[1] as string);
  if (entries.length === 0) return html;
  const boot = [
    `<meta name="shop-entries" content="${entries.map(escapeAttribute).join(' ')}">`,
    `<script type="module" crossorigin src="/${escapeAttribute(bootFile)}"></script>`,
  ].join('\n    ');
  let placed = false;
  return html
    .replace(ENTRY_SCRIPT, () => {
      if (placed) return '';
      placed = true;
      return `    ${boot}\n`;
    })
    .replace(MODULE_PRELOAD, '');
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
