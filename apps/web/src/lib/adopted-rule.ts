/**
 * Rules the app's scripts write, each in a stylesheet of its own that the document adopts.
 *
 * A measured length published as a variable on an ancestor (the page, <html>) is inherited by every
 * element below it, so each change restyles all of them: 60-95 ms at a phone's speed on a search
 * page (the total blocking time budget). Registered as not inherited (`@property ... inherits: false`)
 * and written by a rule for the few elements that read it, a change restyles only those, and an
 * element drawn later gets it too.
 *
 * Where the browser cannot adopt stylesheets (it has no registered properties either), `fallback`
 * runs instead: a variable set there on an ancestor is inherited, as before.
 */
const sheets = new Map<string, CSSStyleSheet | null>();

function sheetFor(name: string): CSSStyleSheet | null {
  if (sheets.has(name)) return sheets.get(name) ?? null;
  let sheet: CSSStyleSheet | null = null;
  try {
    if ('adoptedStyleSheets' in document && typeof CSSStyleSheet === 'function') {
      sheet = new CSSStyleSheet();
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    }
  } catch {
    sheet = null;
  }
  sheets.set(name, sheet);
  return sheet;
}

/** Replaces the rules of the stylesheet `name` with `css` (or runs `fallback`). */
export function writeRule(name: string, css: string, fallback: () => void): void {
  const sheet = sheetFor(name);
  if (sheet) sheet.replaceSync(css);
  else fallback();
}
