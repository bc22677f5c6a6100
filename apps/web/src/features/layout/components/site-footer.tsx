import { PICKUP_SERVICE, REGION_IN_SENTENCE, type Region } from '@shop/contract';
import { Link } from 'react-router';
import { reopenConsent } from '../../../lib/consent';
import { useSanitizedHtml } from '../../../lib/sanitized-html';
import { useSiteSettings } from '../../../lib/site-settings';
import { useFooterNotice } from '../api/get-footer-notice';
import '../layout.css';
import { COOKIE_SETTINGS_ID } from './cookie-consent';

/** The help links; the pickup service is named as the region names it everywhere else. */
export function helpLinks(region: Region) {
  return [
    { to: '/help/warranty', label: 'Warranty' },
    { to: '/help/returns', label: 'Returns and refunds' },
    { to: '/help/click-and-collect', label: PICKUP_SERVICE[region].label },
    { to: '/help/contact-us', label: 'Contact us' },
  ];
}

/** The policies every shop must show (help pages the marketplace admin edits, in each region's law). */
export const LEGAL_LINKS = [
  { to: '/help/terms-and-conditions', label: 'Terms and Conditions' },
  { to: '/help/privacy-policy', label: 'Privacy Policy' },
  { to: '/help/cookies', label: 'About cookies' },
] as const;

/** Help, shop and legal links, the regulatory notice from the server (sanitised) and the small print. */
export function SiteFooter() {
  const html = useFooterNotice();
  const notice = useSanitizedHtml(html ?? '');
  const { Region: region } = useSiteSettings();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <p className="site-footer__name">
            Second<span>hand</span>
          </p>
          <p>Pre-loved goods from hundreds of local stores across {REGION_IN_SENTENCE[region]}.</p>
        </div>
        <nav className="site-footer__links" aria-label="Help">
          <h2 className="site-footer__heading">Help</h2>
          <ul>
            {helpLinks(region).map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
            <li>
              {/* Brings the cookie banner back (it takes focus), so a choice can be changed later. */}
              <a
                href={`#${COOKIE_SETTINGS_ID}`}
                onClick={(event) => {
                  event.preventDefault();
                  reopenConsent();
                }}
              >
                Cookie settings
              </a>
            </li>
          </ul>
        </nav>
        <nav className="site-footer__links" aria-label="Shop">
          <h2 className="site-footer__heading">Shop</h2>
          <ul>
            <li>
              <Link to="/shop">Shop everything</Link>
            </li>
            <li>
              <Link to="/search-results?Sort=listed-">Just listed</Link>
            </li>
            <li>
              <Link to="/search-results?onsale=true">On sale</Link>
            </li>
            <li>
              <Link to="/stores">Find a store</Link>
            </li>
          </ul>
        </nav>
        <nav className="site-footer__links" aria-label="Legal">
          <h2 className="site-footer__heading">Legal</h2>
          <ul>
            {LEGAL_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        {html ? (
          <div
            className="site-footer__notice"
            // Sanitised by useSanitizedHtml (DOMPurify, or the server's markup kept); the API sanitises it too.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised HTML from our own server
            dangerouslySetInnerHTML={notice}
          />
        ) : null}
      </div>
      <p className="site-footer__legal">© {new Date().getFullYear()} Secondhand. Prices include tax.</p>
    </footer>
  );
}
