import type { Region } from '@shop/contract';
import type { Insertable } from 'kysely';
import type { BannersTable, SiteNoticesTable } from '../db/schema.js';

/** The demo's home-page banners and regional notices, written by the seed. */

function button(DisplayName: string, OnClickUrl: string, IsYellowStyle: boolean): string {
  return JSON.stringify({ DisplayName, OnClickUrl, IsYellowStyle });
}

export function bannerSeeds(region: Region): Insertable<BannersTable>[] {
  const pickup = region === 'AU' ? 'Click & Collect' : 'Click and collect';
  return [
    {
      region,
      placement: 'home',
      position: 1,
      active: 1,
      title: 'Pre-loved phones, tested and guaranteed',
      title_size: 'Large',
      title_colour: '#ffffff',
      description:
        '<p>Every phone is <strong>checked by our technicians</strong>, data-wiped and backed by a warranty.</p><ul><li>Unlocked for any network</li><li>Battery health tested</li></ul>',
      description_colour: '#e8f1ff',
      hide_text: 0,
      primary_button: button('Shop phones', '/search-results?category=phones', true),
      secondary_button: button('Phone buying guide', '/help/phone-buying-guide', false),
      background_image_url: '/c3api/images/category-icon/phone.svg',
      background_image_alt_text: 'A smartphone',
      banner_background_image_url: null,
      gradient_colour_start: '#1d4e89',
      gradient_colour_end: '#00707a',
      darkened_colour: null,
      banner_click_url: null,
      banner_click_target: null,
    },
    {
      region,
      placement: 'home',
      position: 2,
      active: 1,
      title: 'Gold and jewellery: certified authentic',
      title_size: 'Large',
      title_colour: '#fff8e1',
      description:
        '<p>Rings, chains and watches <em>assessed by qualified valuers</em>. Look for the authenticity certificate on the item page.</p>',
      description_colour: '#fff3cd',
      hide_text: 0,
      primary_button: button('Shop jewellery', '/search-results?category=jewellery', true),
      secondary_button: button('Our guarantee', '/help/authenticity-guarantee', false),
      background_image_url: '/c3api/images/category-icon/ring.svg',
      background_image_alt_text: 'A diamond ring',
      banner_background_image_url: null,
      gradient_colour_start: '#6b4226',
      gradient_colour_end: '#b8860b',
      darkened_colour: 'rgba(0,0,0,0.15)',
      banner_click_url: null,
      banner_click_target: null,
    },
    {
      region,
      placement: 'home',
      position: 3,
      active: 1,
      title: `${pickup} in two hours`,
      title_size: 'Small',
      title_colour: '#ffffff',
      description: `<p>Order online and pick it up from your nearest store, usually <strong>within two hours</strong> of ordering during opening hours.</p>`,
      description_colour: '#f0e6ff',
      hide_text: 0,
      primary_button: button('Shop for pickup', '/search-results?delivery=pickup', true),
      secondary_button: button('How it works', '/help/click-and-collect', false),
      background_image_url: null,
      background_image_alt_text: '',
      banner_background_image_url: null,
      gradient_colour_start: '#7a3e9d',
      gradient_colour_end: '#a23b72',
      darkened_colour: null,
      banner_click_url: '/help/click-and-collect',
      banner_click_target: '_self',
    },
  ];
}

const WARNING_ABOUT_BORROWING: Record<Region, string> = {
  AU: [
    '<p><strong>Warning about borrowing</strong></p>',
    '<p>Do you really need a loan today? It can be expensive to borrow small amounts of money, and borrowing may not solve your money problems.</p>',
    '<p>Check your options before you borrow:</p>',
    '<ul>',
    '<li>for free and independent help with bills and debts, call the National Debt Helpline on <a href="tel:1800007007">1800 007 007</a> to talk to a financial counsellor;</li>',
    '<li>talk to your electricity, gas, phone or water provider to see if you can work out a payment plan;</li>',
    '<li>if you are on government benefits, ask Services Australia whether you can receive an advance payment.</li>',
    '</ul>',
    '<p>ASIC\'s <a href="https://moneysmart.gov.au">Moneysmart</a> website shows you how pawnbroking and small amount loans work and suggests other options that may help you.</p>',
  ].join(''),
  UK: [
    '<p><strong>Think carefully before you borrow</strong></p>',
    '<p>A pawnbroking loan is secured on the item you leave with us. If you do not repay the loan and interest on time, we may sell your item, and you could lose it.</p>',
    '<p>Pawnbroking is consumer credit regulated by the Financial Conduct Authority (FCA). Before borrowing, check you can afford the repayments and compare other options.</p>',
    '<p>For free, impartial help with money and debt, visit <a href="https://www.moneyhelper.org.uk">MoneyHelper</a>, a service backed by the UK government.</p>',
  ].join(''),
};

export function noticeSeeds(): Insertable<SiteNoticesTable>[] {
  return (['AU', 'UK'] as const).map((region) => ({
    region,
    key: 'warningaboutborrowing',
    html: WARNING_ABOUT_BORROWING[region],
  }));
}
