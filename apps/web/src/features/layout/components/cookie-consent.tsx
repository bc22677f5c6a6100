import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useBottomInset } from '../../../lib/bottom-inset';
import { type ConsentChoice, consentChoice, onConsentChange, setConsent } from '../../../lib/consent';
import '../layout.css';

/**
 * Asks once for consent to functional storage. It sits at the bottom of the window without
 * blocking the page: the page is padded by its height, so nothing stays hidden behind it, and it
 * goes away for good once the shopper chooses.
 */
export function CookieConsent() {
  const [choice, setChoice] = useState<ConsentChoice | null>(() => consentChoice());
  const ref = useRef<HTMLElement>(null);
  useEffect(() => onConsentChange(setChoice), []);
  useBottomInset(ref, choice === null);
  if (choice !== null) return null;
  return (
    <section ref={ref} className="consent" aria-labelledby="consent-title">
      <div className="consent__inner">
        <div className="consent__text">
          <h2 id="consent-title" className="consent__title">
            Cookies on this site
          </h2>
          <p>
            We use essential cookies to run the shop. With your permission we also remember choices such as your
            preferred stores on this device. <Link to="/help/cookies">About cookies</Link>
          </p>
        </div>
        <div className="consent__actions">
          <button type="button" className="button button--primary" onClick={() => setConsent('accepted')}>
            Accept
          </button>
          <button type="button" className="button button--secondary" onClick={() => setConsent('declined')}>
            Decline
          </button>
        </div>
      </div>
    </section>
  );
}
