/**
 * The first script of a server-rendered page: it starts the app's scripts once the pictures the page
 * loads at once (its largest paint among them) have loaded and been drawn (the LCP budget).
 *
 * The page is already drawn and readable; its scripts only make it interactive. Started with the
 * HTML, the shell and the page's chunks shared a slow phone line with the picture the shopper waits
 * for, and Lighthouse's simulation counted every one of them before that picture. The server
 * (server-render.ts) lists the app's entry scripts in `<meta name="shop-entries">` instead of
 * loading them, and writes this file (about a kilobyte, no imports) in their place.
 *
 * Without a picture, the app starts once the page has been drawn; a picture that fails counts as
 * drawn; it never waits more than a few seconds for the pictures.
 */
/** The longest the scripts wait for the pictures. */
const LONGEST_WAIT_MS = 3000;

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The script addresses a meta element of the server's lists. */
function listed(name: string): string[] {
  return (document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? '').split(' ').filter(Boolean);
}

/**
 * Starts fetching module scripts, each a `<link rel="modulepreload">` (as the build's loader adds)
 * added in a task of its own: adding one costs a few milliseconds at a phone's speed (a request
 * started, the browser's preload machinery), and a product page has about sixteen.
 */
function preload(sources: string[]): void {
  for (const src of sources) {
    setTimeout(() => {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = src;
      document.head.append(link);
    }, 0);
  }
}

/**
 * The entry scripts (the libraries' chunks, then the shell's, in the order the build lists them):
 * all fetched at once, then evaluated one per task. Imported together, their evaluation was one
 * task of 200-340 ms at a phone's speed (the total blocking time budget); a chunk whose imports have
 * already run evaluates alone.
 */
async function startApp(): Promise<void> {
  const entries = listed('shop-entries');
  // The page's own chunks after the entries: the build's module loader finds their links when the
  // shell imports the page, instead of adding them in the shell's evaluation (its longest task).
  preload([...entries, ...listed('shop-chunks')]);
  for (const src of entries) {
    await import(/* @vite-ignore */ src);
    await nextTask();
  }
}

/** A frame, then a task after it: the page has been drawn with what it had (lib/after-next-paint.ts's, kept here: this file imports nothing). */
function afterNextPaint(then: () => void): void {
  requestAnimationFrame(() => setTimeout(then, 0));
}

/**
 * Which of `pictures` the browser has reported as the page's largest paint, as the reports come
 * in (Chromium, Firefox); nothing where it does not report largest paints.
 */
function watchLargestPaints(pictures: HTMLImageElement[], reported: (picture: HTMLImageElement) => void): void {
  const types = typeof PerformanceObserver === 'function' ? (PerformanceObserver.supportedEntryTypes ?? []) : [];
  if (!types.includes('largest-contentful-paint')) return;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as LargestContentfulPaint[]) {
      const picture = pictures.find((candidate) => candidate === entry.element);
      if (picture) reported(picture);
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

/**
 * Resolves once the picture is on screen. Loaded is not drawn: a picture is decoded and painted in
 * a later frame, and scripts started at its load event held the main thread while it waited. In a
 * traced product page its paint (the LCP) came 300 ms after its load, after the shell had
 * downloaded, and Lighthouse's simulation then counts every script of the page before the LCP.
 *
 * The picture's own largest-paint report is the signal (`painted`, from watchLargestPaints). A
 * picture smaller than what is already the largest paint gets none (a card beside a larger one):
 * its decode and three frames are then enough, as they are where the browser reports nothing. A
 * picture that cannot load resolves at once.
 */
function drawn(picture: HTMLImageElement, painted: Promise<void>): Promise<void> {
  const loaded = picture.complete
    ? Promise.resolve(true)
    : new Promise<boolean>((resolve) => {
        picture.addEventListener('load', () => resolve(true), { once: true });
        picture.addEventListener('error', () => resolve(false), { once: true });
      });
  return loaded.then((ok) => {
    if (!ok) return;
    const framesAfterDecode = picture
      .decode()
      .catch(() => undefined)
      .then(() => new Promise<void>((resolve) => afterNextPaint(() => afterNextPaint(() => afterNextPaint(resolve)))));
    return Promise.race([painted, framesAfterDecode]);
  });
}

/** The app's signal that the page has hydrated (lib/ssr-state.ts, HYDRATED_EVENT). */
const HYDRATED = 'shop:hydrated';
/** The longest clicks are held for, should the app never say it has hydrated (a script failed). */
const LONGEST_HOLD_MS = 15000;

/**
 * Holds clicks on the page's buttons until the page has hydrated, then replays them, each once.
 * The page hydrates in parts, one task each (the total blocking time budget): a button drawn by the
 * server does nothing until its part's turn, and a shopper's (or a journey's) early click on
 * "Specifications" was lost. Held here, no half-hydrated handler runs, and nothing is lost; links
 * and form fields keep the browser's own behaviour.
 */
function holdEarlyClicks(): void {
  const held: HTMLButtonElement[] = [];
  let released = false;
  const hold = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target.closest('button') : null;
    if (!target || target.disabled || !document.getElementById('root')?.contains(target)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (!held.includes(target)) held.push(target);
  };
  const release = () => {
    if (released) return;
    released = true;
    window.removeEventListener('click', hold, true);
    for (const button of held) if (button.isConnected && !button.disabled) button.click();
  };
  window.addEventListener('click', hold, true);
  window.addEventListener(HYDRATED, release, { once: true });
  setTimeout(release, LONGEST_HOLD_MS);
}
holdEarlyClicks();

let started = false;
const once = () => {
  if (started) return;
  started = true;
  void startApp();
};
// Every picture the page loads at once: the one marked high priority is not always the largest
// paint (the home page's banner is an icon; on a wide screen the popular items' first row is
// larger, and painted after it), and the largest paint is the one Lighthouse waits for.
const pictures = [
  ...document.querySelectorAll<HTMLImageElement>('#root img[loading="eager"], #root img[fetchpriority="high"]'),
];
if (pictures.length === 0) {
  afterNextPaint(once);
} else {
  const reported = new Map<HTMLImageElement, () => void>();
  const painted = pictures.map((picture) => new Promise<void>((resolve) => reported.set(picture, resolve)));
  watchLargestPaints(pictures, (picture) => reported.get(picture)?.());
  void Promise.all(pictures.map((picture, index) => drawn(picture, painted[index] as Promise<void>))).then(() =>
    setTimeout(once, 0),
  );
  // A picture still loading after a few seconds (a very slow line) must not keep the page from
  // working: its buttons and forms need the scripts more than the picture needs the line.
  setTimeout(once, LONGEST_WAIT_MS);
}
