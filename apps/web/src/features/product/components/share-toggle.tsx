import { useId, useRef, useState } from 'react';
import { useInBrowser } from '../../../lib/ssr-state';
import { useDismiss } from '../../../lib/use-dismiss';
import '../product.css';
import { Icon } from '../../../components/icon';

/** Share: copy the link, send it by e-mail, or the device's own share sheet where there is one. */
export function ShareToggle({ title, path }: { title: string; path: string }) {
  // The full address once in the browser (the server's HTML has the path alone). Worked out here,
  // not by the page: the buy box hydrates after the page's main pass, and hydration leaves
  // attributes as the server wrote them, so only a render after its own hydration updates them.
  const inBrowser = useInBrowser();
  const url = inBrowser ? new URL(path, window.location.origin).href : path;
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState('');
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  useDismiss({ open, root, onDismiss: () => setOpen(false), returnFocus: toggle });

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setStatus('Link copied');
    } catch {
      setStatus('Could not copy: select the address bar and copy the link from there');
    }
  }

  async function share() {
    try {
      await navigator.share({ title, url });
      setOpen(false);
    } catch {
      // Dismissed: nothing to do.
    }
  }

  return (
    <div className="share" ref={root}>
      <button
        ref={toggle}
        type="button"
        className="button button--ghost button--small"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => {
          setOpen(!open);
          setStatus('');
        }}
      >
        <Icon name="share" size={18} />
        Share
      </button>
      <div className="share__panel" id={`${id}-panel`} hidden={!open}>
        <ul>
          <li>
            <button type="button" className="share__option" onClick={copy}>
              Copy link
            </button>
          </li>
          <li>
            <a
              className="share__option"
              href={`mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(`${title}\n${url}`)}`}
            >
              Email
            </a>
          </li>
          {canShare ? (
            <li>
              <button type="button" className="share__option" onClick={share}>
                More options...
              </button>
            </li>
          ) : null}
        </ul>
        <p className="share__status" aria-live="polite">
          {status}
        </p>
      </div>
    </div>
  );
}
