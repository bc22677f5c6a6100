// @vitest-environment jsdom
import type { Banner, BannersValue } from '@shop/contract';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BannerCarousel } from './banner-carousel';
import { BannerSlide } from './banner-slide';
import { bannerBackground, bannerBackgroundSrc, safeColour, safeUrl } from './banner-style';

function banner(overrides: Partial<Banner> = {}): Banner {
  return {
    Title: 'Pre-loved phones',
    TitleSize: 'Large',
    TitleColour: '#ffffff',
    Description: '<p>Every phone <strong>tested</strong>.</p>',
    DescriptionColour: '#e8f1ff',
    HideText: false,
    PrimaryButton: { DisplayName: 'Shop phones', OnClickUrl: '/search-results?category=phones', IsYellowStyle: true },
    SecondaryButton: { DisplayName: 'Buying guide', OnClickUrl: '/help/phone-buying-guide', IsYellowStyle: false },
    BackgroundImageUrl: null,
    BackgroundImageAltText: '',
    BannerBackgroundImageUrl: null,
    GradientColourCodeStart: '#1d4e89',
    GradientColourCodeEnd: '#00707a',
    DarkenedColour: null,
    BannerClickUrl: null,
    BannerClickTarget: null,
    ...overrides,
  };
}

afterEach(cleanup);

describe('BannerSlide title', () => {
  it('is an h1 in the title colour when TitleSize is Large', () => {
    render(<BannerSlide banner={banner()} />);
    const heading = screen.getByRole('heading', { level: 1, name: 'Pre-loved phones' });
    expect(heading.style.color).toBe('rgb(255, 255, 255)');
  });

  it('is a paragraph, not a heading, when TitleSize is Small', () => {
    render(<BannerSlide banner={banner({ TitleSize: 'Small', TitleColour: 'rgb(10, 20, 30)' })} />);
    expect(screen.queryByRole('heading')).toBeNull();
    const title = screen.getByText('Pre-loved phones');
    expect(title.tagName).toBe('P');
    expect(title.style.color).toBe('rgb(10, 20, 30)');
  });

  it('hides the title and description from view, but not from screen readers, with HideText', () => {
    render(<BannerSlide banner={banner({ HideText: true })} />);
    expect(screen.getByTestId('banner-text').className).toBe('visually-hidden');
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
    // The buttons are not text: they stay.
    expect(screen.getByRole('link', { name: 'Shop phones' })).toBeTruthy();
  });
});

describe('BannerSlide description', () => {
  it('is sanitised: no scripts, no event handlers, no javascript: links; formatting stays', async () => {
    const { container } = render(
      <BannerSlide
        banner={banner({
          Description:
            '<p onclick="alert(1)">Hi <strong>there</strong></p><script>window.pwned = true</script>' +
            '<img src="x" onerror="alert(2)"><a href="javascript:alert(3)">bad</a><iframe src="https://evil"></iframe>',
          DescriptionColour: '#fff3cd',
        })}
      />,
    );
    const description = container.querySelector('.banner__description') as HTMLElement;
    // DOMPurify loads when first needed.
    await waitFor(() => expect(description.querySelector('strong')).not.toBeNull());
    expect(description.querySelector('script')).toBeNull();
    expect(description.querySelector('iframe')).toBeNull();
    expect(description.innerHTML).not.toMatch(/onclick|onerror|javascript:/i);
    expect(description.querySelector('strong')?.textContent).toBe('there');
    expect(description.style.color).toBe('rgb(255, 243, 205)');
  });
});

describe('BannerSlide buttons', () => {
  it('shows each button only when it has both a name and a link, yellow or secondary by IsYellowStyle', () => {
    render(<BannerSlide banner={banner()} />);
    const primary = screen.getByRole('link', { name: 'Shop phones' });
    expect(primary.getAttribute('href')).toBe('/search-results?category=phones');
    expect(primary.className).toContain('button--yellow');
    const secondary = screen.getByRole('link', { name: 'Buying guide' });
    expect(secondary.className).toContain('button--secondary');
    expect(secondary.className).not.toContain('button--yellow');
  });

  it('leaves out a button without a link, one without a name, and a missing one', () => {
    const { rerender } = render(
      <BannerSlide
        banner={banner({
          PrimaryButton: { DisplayName: 'No link', OnClickUrl: '  ', IsYellowStyle: true },
          SecondaryButton: { DisplayName: '', OnClickUrl: '/somewhere', IsYellowStyle: false },
        })}
      />,
    );
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    rerender(<BannerSlide banner={banner({ PrimaryButton: null })} />);
    expect(screen.getAllByRole('link').map((a) => a.textContent)).toEqual(['Buying guide']);
  });
});

describe('BannerSlide picture, background and click-through', () => {
  it('shows the side picture with its alt text, only when there is one', () => {
    const { rerender } = render(
      <BannerSlide banner={banner({ BackgroundImageUrl: '/c3api/images/x.svg', BackgroundImageAltText: 'A phone' })} />,
    );
    expect(screen.getByRole('img', { name: 'A phone' }).getAttribute('src')).toBe('/c3api/images/x.svg');
    rerender(<BannerSlide banner={banner()} />);
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('layers the darkening tint and background picture over the gradient', () => {
    const value = bannerBackground({ start: '#111', end: '#222', image: '/bg.jpg', darken: 'rgba(0,0,0,0.4)' });
    expect(value.indexOf('rgba(0,0,0,0.4)')).toBeLessThan(value.indexOf('url("/bg.jpg")'));
    expect(value.indexOf('url("/bg.jpg")')).toBeLessThan(value.indexOf('#111'));
    expect(bannerBackground({ start: '#111', end: '#222' })).toBe('linear-gradient(100deg, #111, #222)');
  });

  it('requests the background picture at 1920x400', () => {
    // As the server draws it (jsdom's style parser drops a layered background).
    const html = renderToStaticMarkup(
      <BannerSlide banner={banner({ BannerBackgroundImageUrl: 'https://cdn.example.com/summer.jpg' })} />,
    );
    expect(html).toContain('url(&quot;https://cdn.example.com/summer.jpg?w=1920&amp;h=400&quot;)');
  });

  it('asks for 1920x400 beside a query and before a fragment, and leaves sized or fixed-size addresses alone', () => {
    expect(bannerBackgroundSrc('/banners/summer.jpg')).toBe('/banners/summer.jpg?w=1920&h=400');
    expect(bannerBackgroundSrc('/banners/summer.jpg?v=3#top')).toBe('/banners/summer.jpg?v=3&w=1920&h=400#top');
    expect(bannerBackgroundSrc('https://cdn.example.com/a.jpg?w=800')).toBe('https://cdn.example.com/a.jpg?w=800');
    // The shop's own picture routes serve fixed sizes (and would refuse w=1920).
    expect(bannerBackgroundSrc('/c3api/images/product/SH1/1')).toBe('/c3api/images/product/SH1/1');
    expect(bannerBackgroundSrc('/c3api/images/category-icon/phone.svg')).toBe('/c3api/images/category-icon/phone.svg');
  });

  it('lets through plain colours and URLs only', () => {
    expect(safeColour('#1d4e89')).toBe('#1d4e89');
    expect(safeColour('rgba(0,0,0,0.15)')).toBe('rgba(0,0,0,0.15)');
    expect(safeColour('white')).toBe('white');
    expect(safeColour('red;background:url(https://evil)')).toBeUndefined();
    expect(safeColour('expression(alert(1))')).toBeUndefined();
    expect(safeUrl('/c3api/images/banner.jpg')).toBe('/c3api/images/banner.jpg');
    expect(safeUrl('https://cdn.example.com/a.jpg')).toBe('https://cdn.example.com/a.jpg');
    expect(safeUrl('javascript:alert(1)')).toBeUndefined();
    expect(safeUrl('/a.jpg") , url(https://evil')).toBeUndefined();
    expect(safeUrl('//evil.example/a.jpg')).toBeUndefined();
  });

  it('makes the whole banner a link when it has a click-through URL, opening a new tab when asked', () => {
    render(<BannerSlide banner={banner({ BannerClickUrl: '/help/click-and-collect', BannerClickTarget: '_blank' })} />);
    const link = screen.getByRole('link', { name: 'Pre-loved phones (opens in a new tab)' });
    expect(link.getAttribute('href')).toBe('/help/click-and-collect');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('has no click-through link without a URL', () => {
    render(<BannerSlide banner={banner({ PrimaryButton: null, SecondaryButton: null })} />);
    expect(screen.queryByRole('link')).toBeNull();
  });
});

describe('BannerCarousel', () => {
  beforeAll(() => {
    // jsdom has no layout: Embla needs these to exist, not to be accurate.
    window.matchMedia ??= ((query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    })) as typeof window.matchMedia;
    class Observer {
      observe() {}
      unobserve() {}
      disconnect() {}
      takeRecords() {
        return [];
      }
    }
    window.ResizeObserver ??= Observer as unknown as typeof ResizeObserver;
    window.IntersectionObserver ??= Observer as unknown as typeof IntersectionObserver;
  });

  const value: BannersValue = {
    Banners: [banner(), banner({ Title: 'Gold and jewellery', TitleSize: 'Small' })],
    Autoplay: true,
    Delay: 10000,
    Dots: true,
    PauseOnHover: true,
  };

  it('has a dot per slide and a pause control that becomes play', async () => {
    render(<BannerCarousel value={value} />);
    const carousel = screen.getByRole('region', { name: 'Featured offers' });
    const dots = within(carousel).getAllByRole('button', { name: /^Show slide/ });
    expect(dots.map((d) => d.getAttribute('aria-label'))).toEqual([
      'Show slide 1 of 2: Pre-loved phones',
      'Show slide 2 of 2: Gold and jewellery',
    ]);
    const pause = screen.getByRole('button', { name: 'Pause the slideshow' });
    await act(async () => {
      fireEvent.click(pause);
    });
    expect(screen.getByRole('button', { name: 'Play the slideshow' })).toBeTruthy();
  });

  it('shows no dots when the server turns them off, and no controls for a single banner', () => {
    const { rerender } = render(<BannerCarousel value={{ ...value, Dots: false }} />);
    expect(screen.queryAllByRole('button', { name: /^Show slide/ })).toHaveLength(0);
    rerender(<BannerCarousel value={{ ...value, Banners: [banner()] }} />);
    expect(screen.queryByRole('button', { name: /slideshow/ })).toBeNull();
  });

  it('labels each slide and keeps the hidden ones out of reach (inert)', () => {
    render(<BannerCarousel value={value} />);
    const slides = screen.getAllByRole('group');
    expect(slides.map((s) => s.getAttribute('aria-label'))).toEqual(['1 of 2', '2 of 2']);
    expect(slides[0]?.hasAttribute('inert')).toBe(false);
    expect(slides[1]?.hasAttribute('inert')).toBe(true);
  });
});
