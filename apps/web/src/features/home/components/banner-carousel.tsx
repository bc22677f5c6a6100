import type { BannersValue } from '@shop/contract';
import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useEffect, useState } from 'react';
import { useRendersServerHtml } from '../../../lib/ssr-state';
import { BannerSlide } from './banner-slide';
import '../home.css';
import { Icon } from '../../../components/icon';

export const DEFAULT_BANNER_DELAY_MS = 10_000;

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The home banners: one slide at a time, looping, dots, and autoplay at the server's delay
 * (default 10 s) that pauses while hovered or focused. A visible Pause / Play button stops it
 * for good (WCAG 2.2.2); with reduced motion it starts paused.
 */
export function BannerCarousel({ value }: { value: BannersValue }) {
  const banners = value.Banners;
  const several = banners.length > 1;
  const [viewportRef, embla] = useEmblaCarousel({ loop: several, align: 'start', duration: 30 });
  const [selected, setSelected] = useState(0);
  // The server cannot know the shopper's motion setting: its HTML (and hydration) start playing,
  // and the first effect pauses for reduced motion before any slide moves.
  const fromServer = useRendersServerHtml();
  const [playing, setPlaying] = useState(() => value.Autoplay && several && (fromServer || !prefersReducedMotion()));
  useEffect(() => {
    if (prefersReducedMotion()) setPlaying(false);
  }, []);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const delay = value.Delay > 0 ? value.Delay : DEFAULT_BANNER_DELAY_MS;
  const held = (value.PauseOnHover && hovered) || focused;

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    onSelect();
    embla.on('select', onSelect).on('reInit', onSelect);
    return () => {
      embla.off('select', onSelect).off('reInit', onSelect);
    };
  }, [embla]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `selected` restarts the timer after every slide change
  useEffect(() => {
    if (!embla || !playing || held) return;
    // Restarts after every slide change, so a manual choice gets a full delay too.
    const timer = window.setTimeout(() => embla.scrollNext(), delay);
    return () => window.clearTimeout(timer);
  }, [embla, playing, held, delay, selected]);

  const goTo = useCallback((index: number) => embla?.scrollTo(index), [embla]);

  if (banners.length === 0) return null;
  return (
    <section
      className="carousel banner-carousel"
      aria-roledescription="carousel"
      aria-label="Featured offers"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className="carousel__viewport" ref={viewportRef}>
        <div className="carousel__container" aria-live={playing && !held ? 'off' : 'polite'}>
          {banners.map((banner, index) => (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern marks each slide as a group
            <div
              // Banners have no id; their order is stable for the life of the page.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              key={index}
              className="carousel__slide banner-carousel__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${banners.length}`}
              inert={index !== selected}
            >
              <BannerSlide banner={banner} eager={index === 0} />
            </div>
          ))}
        </div>
      </div>
      {several ? (
        <div className="banner-carousel__controls">
          {value.Autoplay ? (
            <button
              type="button"
              className="banner-carousel__play"
              aria-label={playing ? 'Pause the slideshow' : 'Play the slideshow'}
              title={playing ? 'Pause' : 'Play'}
              onClick={() => setPlaying((p) => !p)}
            >
              {playing ? <Icon name="pause" size={16} /> : <Icon name="play" size={16} />}
            </button>
          ) : null}
          {value.Dots ? (
            <div className="carousel__dots">
              {banners.map((banner, index) => (
                <button
                  // biome-ignore lint/suspicious/noArrayIndexKey: one dot per slide, in slide order
                  key={index}
                  type="button"
                  className="carousel__dot"
                  aria-label={`Show slide ${index + 1} of ${banners.length}${banner.Title ? `: ${banner.Title}` : ''}`}
                  aria-current={index === selected ? 'true' : undefined}
                  onClick={() => goTo(index)}
                />
              ))}
            </div>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
