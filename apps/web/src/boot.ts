/**
 * The first script of a server-rendered page: it starts the app's scripts once the page's largest
 * picture has loaded (issue 13's LCP budget).
 *
 * The page is already drawn and readable; its scripts only make it interactive. Started with the
 * HTML, the shell and the page's chunks shared a slow phone line with the picture the shopper waits
 * for, and Lighthouse's simulation counted every one of them before that picture. The server
 * (server-render.ts) lists the app's entry scripts in `<meta name="shop-entries">` instead of
 * loading them, and writes this file (a few hundred bytes, no imports) in their place.
 *
 * Without a picture, or when it has already loaded or failed, the app starts at once; it never
 * waits more than a few seconds for it.
 */
/** The longest the scripts wait for the picture. */
const LONGEST_WAIT_MS = 3000;

function startApp(): void {
  const entries = document.querySelector<HTMLMetaElement>('meta[name="shop-entries"]')?.content ?? '';
  for (const src of entries.split(' ').filter(Boolean)) void import(/* @vite-ignore */ src);
}

const picture = document.querySelector<HTMLImageElement>('#root img[fetchpriority="high"]');
if (!picture || picture.complete) {
  startApp();
} else {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    startApp();
  };
  picture.addEventListener('load', once, { once: true });
  picture.addEventListener('error', once, { once: true });
  // A picture still loading after a few seconds (a very slow line) must not keep the page from
  // working: its buttons and forms need the scripts more than the picture needs the line.
  setTimeout(once, LONGEST_WAIT_MS);
}
