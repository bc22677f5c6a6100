import type { Banner } from '@shop/contract';
import { useSanitizedHtml } from '../../../lib/sanitized-html';
import { bannerBackground, bannerBackgroundSrc, safeColour, safeUrl } from './banner-style';
import '../home.css';

type BannerButton = NonNullable<Banner['PrimaryButton']>;

/** A button shows only when it has both a name and a link (account.md 2.7). */
export function usableButton(button: BannerButton | null): button is BannerButton {
  return Boolean(button?.DisplayName.trim() && button.OnClickUrl.trim());
}

function BannerLink({ button }: { button: BannerButton }) {
  return (
    <a
      className={`button banner__button ${button.IsYellowStyle ? 'button--yellow' : 'button--secondary'}`}
      href={button.OnClickUrl}
    >
      {button.DisplayName}
    </a>
  );
}

/**
 * One banner: title (an h1 when TitleSize is Large, else a paragraph), sanitised description,
 * up to two buttons, an optional side picture, and a gradient with an optional background picture
 * and darkening tint. With a click-through URL the whole banner is a link; the buttons stay
 * separately clickable above it.
 */
export function BannerSlide({ banner, eager = false }: { banner: Banner; eager?: boolean }) {
  const description = useSanitizedHtml(banner.Description);
  const buttons = [banner.PrimaryButton, banner.SecondaryButton].filter(usableButton);
  const sideImage = safeUrl(banner.BackgroundImageUrl);
  const clickUrl = banner.BannerClickUrl?.trim() || null;
  const newTab = banner.BannerClickTarget === '_blank';
  const backgroundImage = safeUrl(banner.BannerBackgroundImageUrl);
  const background = bannerBackground({
    start: safeColour(banner.GradientColourCodeStart) ?? '#0b6e4f',
    end: safeColour(banner.GradientColourCodeEnd) ?? '#064d37',
    image: backgroundImage ? bannerBackgroundSrc(backgroundImage) : undefined,
    darken: safeColour(banner.DarkenedColour),
  });
  const titleStyle = { color: safeColour(banner.TitleColour) };
  const Title = banner.TitleSize === 'Large' ? 'h1' : 'p';
  return (
    <div className={`banner ${sideImage ? 'banner--with-image' : ''}`} style={{ background }}>
      {clickUrl ? (
        <a
          className="banner__click"
          href={clickUrl}
          target={newTab ? '_blank' : undefined}
          rel={newTab ? 'noopener noreferrer' : undefined}
        >
          <span className="visually-hidden">
            {banner.Title || 'See the offer'}
            {newTab ? ' (opens in a new tab)' : ''}
          </span>
        </a>
      ) : null}
      <div className="banner__content">
        <div className={banner.HideText ? 'visually-hidden' : 'banner__text'} data-testid="banner-text">
          <Title className={`banner__title banner__title--${banner.TitleSize.toLowerCase()}`} style={titleStyle}>
            {banner.Title}
          </Title>
          {banner.Description ? (
            <div
              className="banner__description"
              style={{ color: safeColour(banner.DescriptionColour) }}
              // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by useSanitizedHtml (DOMPurify, or the server's markup kept)
              dangerouslySetInnerHTML={description}
            />
          ) : null}
        </div>
        {buttons.length > 0 ? (
          <div className="banner__buttons">
            {buttons.map((button) => (
              <BannerLink key={`${button.DisplayName}-${button.OnClickUrl}`} button={button} />
            ))}
          </div>
        ) : null}
      </div>
      {sideImage ? (
        <img
          className="banner__image"
          src={sideImage}
          alt={banner.BackgroundImageAltText}
          loading={eager ? 'eager' : 'lazy'}
          // The first banner's picture is the home page's largest paint: preloaded at high
          // priority by the server, and the one the app's scripts wait for (boot.ts).
          fetchPriority={eager ? 'high' : undefined}
        />
      ) : null}
    </div>
  );
}
