import type { ProductDetail } from '@shop/contract';
import { type MouseEvent, useEffect, useRef, useState } from 'react';
import { Modal } from '../../../components/modal';
import '../product.css';
import { Icon } from '../../../components/icon';

type ProductImage = ProductDetail['Images'][number];

const MAX_THUMBNAILS = 6;
const ZOOM = 2.5;
/** The main picture takes about 60% of the page from 1024 up and the full width below. */
/** How wide the main picture shows (also the server's preload of it, entry-server.tsx). */
export const MAIN_SIZES = '(min-width: 1200px) 680px, (min-width: 1024px) 56vw, (min-width: 768px) 90vw, 100vw';

/** The zoom view: the 800-wide picture, magnified where the pointer or the arrow keys point. */
function ZoomView({
  images,
  index,
  onIndex,
}: {
  images: ProductImage[];
  index: number;
  onIndex: (index: number) => void;
}) {
  const [zoomed, setZoomed] = useState(false);
  const [origin, setOrigin] = useState({ x: 50, y: 50 });
  const root = useRef<HTMLDivElement>(null);
  const keys = useRef<(event: KeyboardEvent) => void>(() => {});
  // The arrow keys work wherever focus is in the dialog: it opens with focus on its Close button,
  // outside this view, so listening on the view alone left them doing nothing.
  useEffect(() => {
    const scope = root.current?.closest('dialog') ?? root.current;
    if (!scope) return;
    const listener = (event: Event) => keys.current(event as KeyboardEvent);
    scope.addEventListener('keydown', listener);
    return () => scope.removeEventListener('keydown', listener);
  }, []);
  const image = images[index];
  if (!image) return null;
  const count = images.length;
  const go = (step: number) => {
    setZoomed(false);
    setOrigin({ x: 50, y: 50 });
    onIndex((index + step + count) % count);
  };
  const pointAt = (event: MouseEvent<HTMLElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    setOrigin({
      x: Math.min(100, Math.max(0, ((event.clientX - box.left) / box.width) * 100)),
      y: Math.min(100, Math.max(0, ((event.clientY - box.top) / box.height) * 100)),
    });
  };
  keys.current = (event: KeyboardEvent) => {
    const pan = { ArrowLeft: [-10, 0], ArrowRight: [10, 0], ArrowUp: [0, -10], ArrowDown: [0, 10] }[event.key];
    if (!pan) return;
    event.preventDefault();
    if (zoomed) {
      setOrigin((o) => ({
        x: Math.min(100, Math.max(0, o.x + (pan[0] ?? 0))),
        y: Math.min(100, Math.max(0, o.y + (pan[1] ?? 0))),
      }));
    } else if (count > 1 && (event.key === 'ArrowLeft' || event.key === 'ArrowRight')) {
      go(event.key === 'ArrowLeft' ? -1 : 1);
    }
  };
  return (
    // The arrow keys pan a magnified picture or move between pictures; the buttons do the same.
    <div className="zoom" ref={root}>
      <button
        type="button"
        className={`zoom__stage ${zoomed ? 'zoom__stage--zoomed' : ''}`}
        aria-label={zoomed ? 'Zoom out' : 'Zoom in'}
        aria-pressed={zoomed}
        onClick={(event) => {
          if (!zoomed && event.detail > 0) pointAt(event);
          setZoomed(!zoomed);
        }}
        onPointerMove={(event) => {
          if (zoomed) pointAt(event);
        }}
      >
        <img
          src={image.Url}
          alt={image.Alt}
          width={800}
          height={600}
          style={{ transform: zoomed ? `scale(${ZOOM})` : undefined, transformOrigin: `${origin.x}% ${origin.y}%` }}
        />
      </button>
      <div className="zoom__controls">
        {count > 1 ? (
          <button type="button" className="button button--secondary button--small" onClick={() => go(-1)}>
            Previous
          </button>
        ) : null}
        <p className="zoom__count" aria-live="polite">
          Picture {index + 1} of {count}
          {zoomed ? <span className="visually-hidden">, magnified</span> : null}
        </p>
        {count > 1 ? (
          <button type="button" className="button button--secondary button--small" onClick={() => go(1)}>
            Next
          </button>
        ) : null}
      </div>
      <p className="zoom__hint">
        {zoomed
          ? 'Move the pointer or use the arrow keys to look around. Select the picture to zoom out.'
          : 'Select the picture to magnify it.'}
      </p>
    </div>
  );
}

/** The main picture with its srcset, up to six thumbnails, and a zoom view in a dialog. */
export function ProductGallery({ images, title }: { images: ProductImage[]; title: string }) {
  const pictures = images.slice(0, MAX_THUMBNAILS);
  const [index, setIndex] = useState(0);
  const [open, setOpen] = useState(false);
  const current = pictures[index];
  if (!current) {
    return (
      <div className="gallery gallery--empty">
        <div className="gallery__none">
          <Icon name="camera" size={48} />
          <p>No pictures of this item yet. Ask the store for some with the form below.</p>
        </div>
      </div>
    );
  }
  return (
    <div className="gallery">
      <button
        type="button"
        className="gallery__main"
        aria-label={`Zoom in on picture ${index + 1} of ${pictures.length}`}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <img
          src={current.Url}
          srcSet={current.Srcset}
          sizes={MAIN_SIZES}
          alt={current.Alt}
          width={800}
          height={600}
          fetchPriority="high"
        />
        <span className="gallery__zoom-hint" aria-hidden="true">
          <Icon name="zoom-in" size={18} />
          Zoom
        </span>
      </button>
      {pictures.length > 1 ? (
        <ul className="gallery__thumbs" aria-label="Pictures">
          {pictures.map((picture, n) => (
            <li key={picture.Position}>
              <button
                type="button"
                className="gallery__thumb"
                aria-label={`Show picture ${n + 1} of ${pictures.length}`}
                aria-pressed={n === index}
                onClick={() => setIndex(n)}
              >
                <img src={picture.Thumbnail} alt="" width={300} height={200} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <Modal open={open} title={title} onClose={() => setOpen(false)} className="modal--gallery">
        {open ? <ZoomView images={pictures} index={index} onIndex={setIndex} /> : null}
      </Modal>
    </div>
  );
}
