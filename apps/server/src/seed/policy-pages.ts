import type { Region } from '@shop/contract';

/**
 * The pages a shop must have, in each region's own law: terms, privacy, cookies, returns (with the
 * warranty) and how to contact us. They are help pages like any other (/help/{slug}), so the
 * marketplace admin edits them in the console; these are the words a fresh install starts with.
 * The slugs are fixed: the footer, checkout's terms, the cookie banner and the item page link to
 * them. Bodies keep to the shop's rich-text rules (paragraphs, bold, lists, links), so a section
 * heading is a bold paragraph.
 */

export interface PolicyPageSeed {
  slug: string;
  name: string;
  /** The lead line; the returns page's is the summary the item page shows. */
  description: string;
  body: string;
}

/** The mailboxes each region's pages name (checkout's AU note names the same privacy mailbox). */
const MAILBOX: Record<Region, { help: string; privacy: string }> = {
  AU: { help: 'help@secondhandstores.com.au', privacy: 'privacy@secondhandstores.com.au' },
  UK: { help: 'help@secondhandstores.co.uk', privacy: 'privacy@secondhandstores.co.uk' },
};

const heading = (text: string) => `<p><strong>${text}</strong></p>`;
const mail = (address: string) => `<a href="mailto:${address}">${address}</a>`;
const list = (items: string[]) => `<ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul>`;

function terms(region: Region): PolicyPageSeed {
  const law =
    region === 'AU'
      ? 'the Australian Consumer Law (Schedule 2 to the Competition and Consumer Act 2010)'
      : 'the Consumer Rights Act 2015 and the Consumer Contracts (Information, Cancellation and Additional Charges) Regulations 2013';
  const country = region === 'AU' ? 'Australia' : 'the United Kingdom';
  const pickup = region === 'AU' ? 'Click &amp; Collect' : 'click and collect';
  const governing =
    region === 'AU'
      ? 'These terms are governed by the law of New South Wales, Australia.'
      : 'These terms are governed by the law of England and Wales. If you live in Scotland or Northern Ireland you may also bring proceedings in your local courts.';
  return {
    slug: 'terms-and-conditions',
    name: 'Terms and Conditions',
    description: `The terms on which we sell second-hand goods online to shoppers in ${country}.`,
    body: [
      `<p>These terms apply when you buy from our online shop. Nothing in them takes away the rights you have under ${law}.</p>`,
      heading('1. Who can buy'),
      '<p>You must be 18 or over to place an order. You agree to give us accurate contact, billing and delivery details.</p>',
      heading('2. Our items'),
      '<p>Every item is second-hand and unique: there is only one of each. We describe its condition, grade it from 0 to 5 and photograph it; small marks from earlier use are normal and are not a fault. Electrical items are tested before they are listed.</p>',
      heading('3. Prices and payment'),
      `<p>Prices are in ${region === 'AU' ? 'Australian dollars and include GST' : 'pounds sterling and include VAT where it applies'}. Postage is shown before you pay. We take payment when you place your order, or at the counter if you choose to pay in store.</p>`,
      heading('4. Your order'),
      '<p>Your order is a request to buy. A contract is made when we e-mail to confirm it. If an item turns out to be unavailable or wrongly priced, we will tell you and refund anything you paid for it.</p>',
      heading('5. Delivery and pickup'),
      `<p>Posted items are sent from the store that holds them. For ${pickup}, we e-mail you when the order is ready; bring photo identification and your order number. Orders not collected within 7 days may be cancelled and refunded.</p>`,
      heading('6. Returns, refunds and faults'),
      '<p>Our <a href="/help/returns">returns and refunds policy</a> and <a href="/help/warranty">warranty</a> explain how to return an item or report a fault.</p>',
      heading('7. Your account'),
      '<p>Keep your password to yourself. You can close your account at any time by contacting us.</p>',
      heading('8. Our responsibility'),
      `<p>We are responsible for loss or damage you suffer that is a foreseeable result of our breaking these terms or failing to use reasonable care. We do not exclude liability where the law does not allow it, including under ${region === 'AU' ? 'the consumer guarantees' : 'your statutory rights'}.</p>`,
      heading('9. Privacy'),
      '<p>How we use your personal information is set out in our <a href="/help/privacy-policy">Privacy Policy</a>.</p>',
      heading('10. Law and disputes'),
      `<p>${governing} If you have a complaint, please <a href="/help/contact-us">contact us</a> first.</p>`,
    ].join('\n'),
  };
}

function privacy(region: Region): PolicyPageSeed {
  const { privacy: mailbox } = MAILBOX[region];
  const regulator =
    region === 'AU'
      ? '<p>If you are not satisfied with our answer, you can complain to the Office of the Australian Information Commissioner (OAIC) at <a href="https://www.oaic.gov.au">oaic.gov.au</a>.</p>'
      : '<p>If you are not satisfied with our answer, you have the right to complain to the Information Commissioner’s Office (ICO) at <a href="https://ico.org.uk">ico.org.uk</a>.</p>';
  const basis =
    region === 'AU'
      ? '<p>We handle personal information under the Privacy Act 1988 (Cth) and the Australian Privacy Principles (APPs). We collect only what we need to sell to you and to run our stores.</p>'
      : '<p>We are the controller of your personal data under the UK General Data Protection Regulation (UK GDPR) and the Data Protection Act 2018. We use it on these lawful bases: to perform our contract with you (orders, delivery, your account), to meet legal obligations (tax records), our legitimate interests (preventing fraud, keeping the site secure), and your consent (marketing e-mails and functional cookies), which you can withdraw at any time.</p>';
  const rights =
    region === 'AU'
      ? '<p>You can ask to see the personal information we hold about you and ask us to correct it. You can opt out of marketing at any time by contacting our privacy team.</p>'
      : '<p>You have the right to access your data, to have it corrected or erased, to restrict or object to its use, to data portability, and to withdraw consent at any time.</p>';
  const overseas =
    region === 'AU'
      ? '<p>Some of our service providers (payment, e-mail and hosting) may store information outside Australia; we require them to protect it as the APPs do.</p>'
      : '<p>Where a service provider processes data outside the UK, we rely on UK adequacy regulations or the International Data Transfer Agreement to protect it.</p>';
  return {
    slug: 'privacy-policy',
    name: 'Privacy Policy',
    description:
      region === 'AU'
        ? 'How we collect, use and protect your personal information under the Privacy Act 1988 and the Australian Privacy Principles.'
        : 'How we collect, use and protect your personal data under the UK GDPR and the Data Protection Act 2018.',
    body: [
      basis,
      heading('What we collect'),
      list([
        'your name, e-mail address, phone number and billing and delivery addresses, when you order, register or send an enquiry;',
        'your orders and payments (our payment providers handle card details: we never see or store your card number);',
        'photo identification you show in store when you collect an order or sell to us;',
        'technical information such as your IP address, kept in our logs to protect the site.',
      ]),
      heading('How we use it'),
      list([
        'to take, deliver and support your orders, and to answer your enquiries;',
        'to run your account, your wishlist and your saved searches and alerts;',
        'to prevent fraud and keep the shop secure;',
        'to send news and offers, only if you asked for them.',
      ]),
      heading('Who we share it with'),
      '<p>The store that holds your item, our payment providers, delivery carriers, and the providers who host our systems and send our e-mails. We do not sell your personal information.</p>',
      overseas,
      heading('How long we keep it'),
      '<p>Order and tax records are kept for seven years, as the law requires; account details until you close your account; enquiries for two years.</p>',
      heading('Cookies'),
      '<p>See <a href="/help/cookies">About cookies</a> for the cookies and device storage the shop uses.</p>',
      heading('Your rights'),
      rights,
      `<p>Write to our privacy team at ${mail(mailbox)}. We answer within ${region === 'AU' ? '30 days' : 'one month'}.</p>`,
      regulator,
    ].join('\n'),
  };
}

function cookies(region: Region): PolicyPageSeed {
  const law =
    region === 'AU'
      ? 'We handle any personal information these hold under our <a href="/help/privacy-policy">Privacy Policy</a>.'
      : 'Under the Privacy and Electronic Communications Regulations (PECR), strictly necessary cookies need no consent; everything else waits for yours. Personal data they hold is handled under our <a href="/help/privacy-policy">Privacy Policy</a>.';
  return {
    slug: 'cookies',
    name: 'About cookies',
    description: 'The cookies and device storage this shop uses, and how to change your choice.',
    body: [
      `<p>Cookies are small files a website keeps in your browser. ${law}</p>`,
      heading('Strictly necessary (always on)'),
      '<p>The shop cannot work without these, so they are set without asking:</p>',
      list([
        '<strong>session</strong>: keeps you signed in (up to 90 days, until you log out);',
        '<strong>cart</strong>: remembers a guest’s basket (90 days);',
        '<strong>visitor</strong> and <strong>XSRF-TOKEN</strong>: protect your forms and orders against cross-site request forgery (visitor about a year; XSRF-TOKEN until you close the browser);',
        '<strong>cookie-consent</strong>: remembers whether you accepted or declined the cookies below (one year).',
      ]),
      '<p>On a secure connection these names start with <em>__Host-</em>, which stops other sites from setting them.</p>',
      heading('Functional (only if you accept)'),
      '<p>With your permission we keep these in your browser’s local storage, on this device only:</p>',
      list([
        'a guest wishlist’s key, so your wishlist is still there next time;',
        'your preferred stores and location for searching;',
        'the contact and address details you typed at checkout, so you need not type them again;',
        'whether you have already seen a tip, so it is not shown twice.',
      ]),
      '<p>If you decline, they last only until you leave the page. We set no advertising or tracking cookies.</p>',
      heading('Changing your choice'),
      '<p>Use <strong>Cookie settings</strong> at the foot of any page to accept or decline again. You can also delete cookies in your browser’s settings; you will then be signed out and asked again.</p>',
    ].join('\n'),
  };
}

/** The returns page: its description is the summary the item page shows beside every item. */
function returns(region: Region): PolicyPageSeed {
  if (region === 'AU') {
    return {
      slug: 'returns',
      name: 'Returns and refunds',
      description:
        'Change-of-mind returns within 30 days with proof of purchase. Faulty items are covered by the consumer guarantees under the Australian Consumer Law, and electrical items by our three-month warranty.',
      body: [
        heading('Change of mind'),
        '<p>Changed your mind? Return an item within 30 days of receiving it, in the condition you got it, with your order confirmation or receipt. We refund the item’s price to the way you paid (postage is refunded only if the item was faulty or not as described). You can return it to any of our stores, or post it back to the store that sold it at your cost.</p>',
        heading('Faulty items: the consumer guarantees'),
        '<p>Our goods come with guarantees that cannot be excluded under the Australian Consumer Law. You are entitled to a replacement or refund for a major failure and compensation for any other reasonably foreseeable loss or damage. You are also entitled to have the goods repaired or replaced if the goods fail to be of acceptable quality and the failure does not amount to a major failure.</p>',
        '<p>Second-hand goods must be of acceptable quality for their age, price and described condition. Wear we told you about is not a fault.</p>',
        heading('Our warranty'),
        '<p>Electrical items also carry our three-month store warranty, on top of your rights above. See <a href="/help/warranty">Warranty</a>.</p>',
        heading('What we cannot take back for change of mind'),
        list([
          'earrings and body jewellery, for hygiene reasons;',
          'phones, tablets and computers once the seal we fitted is broken or the device is locked to your account;',
          'items damaged after you received them.',
        ]),
        '<p>These limits never affect a faulty item. To start a return, <a href="/help/contact-us">contact us</a> or visit any store.</p>',
      ].join('\n'),
    };
  }
  return {
    slug: 'returns',
    name: 'Returns and refunds',
    description:
      'Bought online? Cancel within 14 days of receiving your item for a full refund. Faulty items are covered by the Consumer Rights Act 2015, and electrical items by our three-month warranty.',
    body: [
      heading('Your right to cancel an online order'),
      '<p>Under the Consumer Contracts Regulations 2013, you can cancel an order placed online, including click and collect, within 14 days of the day you receive the item, without giving a reason. Tell us by e-mail or with our <a href="/help/contact-us">contact details</a>, then send or bring the item back within 14 days of telling us.</p>',
      '<p>We refund the item’s price and the standard delivery cost within 14 days of getting the item back (or proof you sent it), to the way you paid. You pay the cost of returning it unless it is faulty. We may reduce the refund if the item was handled more than needed to inspect it.</p>',
      heading('Faulty items: the Consumer Rights Act 2015'),
      '<p>Goods must be of satisfactory quality, fit for purpose and as described. Second-hand goods are judged against their age, price and the condition we described. If an item is faulty:</p>',
      list([
        'within 30 days you can reject it for a full refund;',
        'within six months we will repair or replace it, and if that fails, refund you;',
        'after six months you still have rights, for up to six years, though you may need to show the fault was there when you received it.',
      ]),
      heading('Our warranty'),
      '<p>Electrical items also carry our three-month store warranty, on top of your statutory rights. See <a href="/help/warranty">Warranty</a>.</p>',
      heading('Items bought in store'),
      '<p>For items bought at the counter, we offer exchanges or a refund within 30 days with your receipt, in the condition you bought them. This does not affect your statutory rights.</p>',
    ].join('\n'),
  };
}

function warranty(region: Region): PolicyPageSeed {
  const rights = region === 'AU' ? 'the Australian Consumer Law' : 'the Consumer Rights Act 2015';
  return {
    slug: 'warranty',
    name: 'Warranty',
    description:
      'Every electrical item comes with our 3-month warranty. Find out what is covered and how to make a claim.',
    body: [
      `<p>All electrical items carry a three-month warranty from the date you receive them. It is given on top of your rights under ${rights}, which it does not limit.</p>`,
      heading('What it covers'),
      '<p>A fault that stops the item working as it should in normal use. It does not cover accidental damage, misuse, water damage, wear we described, batteries’ gradual loss of capacity, or items opened or repaired by someone else.</p>',
      heading('How to claim'),
      '<p>Bring the item and your order confirmation or receipt to the store you bought it from, or <a href="/help/contact-us">contact us</a> to post it. We repair it, replace it with a similar item, or refund you.</p>',
      '<p>See also <a href="/help/returns">Returns and refunds</a>.</p>',
    ].join('\n'),
  };
}

function contact(region: Region): PolicyPageSeed {
  const { help, privacy: privacyMailbox } = MAILBOX[region];
  const complaints =
    region === 'AU'
      ? '<p>If we cannot resolve a complaint, you can contact the fair trading or consumer affairs agency in your state or territory.</p>'
      : '<p>If we cannot resolve a complaint, Citizens Advice (<a href="https://www.citizensadvice.org.uk">citizensadvice.org.uk</a>) can tell you about your options.</p>';
  return {
    slug: 'contact-us',
    name: 'Contact us',
    description: 'Questions about an item, an order, a return or your privacy: how to reach us.',
    body: [
      heading('About an item'),
      '<p>Use <strong>Ask the store about this item</strong> on the item’s page: your question goes straight to the store that holds it, and it answers by e-mail, usually within one business day.</p>',
      heading('About an order or a return'),
      `<p>E-mail ${mail(help)} with your order number, or reply to your order confirmation. You can also see your orders in <a href="/my-account/orders">My account</a>.</p>`,
      heading('Our stores'),
      '<p>Each store’s page, linked from every item it sells, lists its phone number, e-mail address and opening hours.</p>',
      heading('Privacy'),
      `<p>Write to our privacy team at ${mail(privacyMailbox)}.</p>`,
      heading('Complaints'),
      complaints,
    ].join('\n'),
  };
}

/** The region's policy pages, in the order the admin's list shows them. */
export function policyPageSeeds(region: Region): PolicyPageSeed[] {
  return [terms(region), privacy(region), cookies(region), returns(region), warranty(region), contact(region)];
}
