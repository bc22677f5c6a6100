/**
 * The first script of a server-rendered page: it starts the app's scripts once the page's largest
 * picture has loaded and been drawn (issue 13's LCP budget).
 *
 * The page is already drawn and readable; its scripts only make it interactive. Started with the
 * HTML, the shell and the page's chunks shared a slow phone line with the picture the shopper waits
 * for, and Lighthouse's simulation counted every one of them before that picture. The server
 * (server-render.ts) lists the app's entry scripts in `<meta name="shop-entries">` instead of
 * loading them, and writes this file (about a kilobyte, no imports) in their place.
 *
 * Without a picture, the app starts once the page has been drawn; with one that fails, at once;
 * it never waits more than a few seconds for the picture.
 */
/** The longest the scripts wait for the picture. */
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
 * task of 200-340 ms at a phone's speed (issue 13's blocking time); a chunk whose imports have
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

/** A frame, then a task after it: the page has been drawn with what it had. */
function afterNextPaint(then: () => void): void {
  requestAnimationFrame(() => setTimeout(then, 0));
}

/**
 * Runs `then` once the picture is on screen. Loaded is not drawn: a picture is decoded and painted
 * in a later frame, and scripts started at its load event held the main thread while it waited. In
 * a traced product page its paint (the LCP) came 300 ms after its load, after the shell had
 * downloaded, and Lighthouse's simulation then counts every script of the page before the LCP.
 *
 * Where the browser reports the largest paint (Chromium, Firefox), the picture's own report is the
 * signal. A picture smaller than what is already the largest paint gets none (the search page's
 * cards, beside its text): its decode and three frames are then enough, as they are elsewhere.
 */
function whenDrawn(picture: HTMLImageElement, then: () => void): void {
  const types = typeof PerformanceObserver === 'function' ? (PerformanceObserver.supportedEntryTypes ?? []) : [];
  if (types.includes('largest-contentful-paint')) {
    const observer = new PerformanceObserver((list) => {
      if ((list.getEntries() as LargestContentfulPaint[]).some((entry) => entry.element === picture)) {
        observer.disconnect();
        setTimeout(then, 0);
      }
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
  }
  void picture
    .decode()
    .catch(() => undefined)
    .then(() => afterNextPaint(() => afterNextPaint(() => afterNextPaint(then))));
}

let started = false;
const once = () => {
  if (started) return;
  started = true;
  void startApp();
};
const picture = document.querySelector<HTMLImageElement>('#root img[fetchpriority="high"]');
if (!picture) {
  afterNextPaint(once);
} else {
  if (picture.complete) whenDrawn(picture, once);
  else {
    picture.addEventListener('load', () => whenDrawn(picture, once), { once: true });
    picture.addEventListener('error', once, { once: true });
  }
  // A picture still loading after a few seconds (a very slow line) must not keep the page from
  // working: its buttons and forms need the scripts more than the picture needs the line.
  setTimeout(once, LONGEST_WAIT_MS);
}
