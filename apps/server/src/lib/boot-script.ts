/**
 * A server-rendered page's scripts started after its picture (the LCP budget; the browser
 * side is apps/web/src/boot.ts).
 *
 * The page arrives drawn; its scripts only make it interactive. Requested with the HTML, the
 * shell, its imports and the page's chunk shared a slow line with the largest picture, and
 * Lighthouse's simulation of a phone counts every request started before that picture paints as
 * standing in its way. So the page loads one tiny script, which imports the app's entry scripts
 * (listed in a meta element) once the picture has been drawn. No inline script: the CSP allows
 * none.
 *
 * The page's own chunks (its module preloads) are listed in a second meta element, for the boot
 * script to preload, one link per task. Left to the build's module loader, which adds a preload
 * link for each chunk the page's import needs, that work (about 10 ms at a phone's speed for a
 * product page's dozen chunks) fell inside the shell's evaluation, already the page's longest task.
 */

const ENTRY_SCRIPT = /[ \t]*<script type="module" crossorigin src="([^"]+)"[^>]*><\/script>\n?/g;
const MODULE_PRELOAD = /[ \t]*<link rel="modulepreload"[^>]*href="([^"]+)"[^>]*>\n?/g;

/**
 * `html` with its entry scripts and module preloads replaced by the boot script (`bootFile`, a path
 * under the web root) and the lists it starts and preloads. A page without an entry script is
 * left as it is.
 */
export function deferEntryScripts(html: string, bootFile: string): string {
  const entries = [...html.matchAll(ENTRY_SCRIPT)].map((match) => match[1] as string);
  if (entries.length === 0) return html;
  const chunks = [...html.matchAll(MODULE_PRELOAD)]
    .map((match) => match[1] as string)
    .filter((href) => !entries.includes(href));
  const boot = [
    `<meta name="shop-entries" content="${entries.map(escapeAttribute).join(' ')}">`,
    ...(chunks.length > 0 ? [`<meta name="shop-chunks" content="${chunks.map(escapeAttribute).join(' ')}">`] : []),
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
