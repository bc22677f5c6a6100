import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Modal } from '../../../components/modal';
import { ApiError } from '../../../lib/api-client';
import { functionalStorage } from '../../../lib/consent';
import { loginPath } from '../../../lib/return-path';
import { useViewer } from '../../../lib/viewer';
import { toggleWishlistAlert } from '../api/toggle-wishlist-alert';
import { WishlistAlertForm } from './wishlist-alert-form';

export const ALERTS_TOOLTIP_KEY = 'wishlist-alerts-tooltip-seen';
/** Without consent to keep it, the tooltip's dismissal lasts for the visit. */
let tooltipSeenThisVisit = false;

function tooltipSeen(): boolean {
  return tooltipSeenThisVisit || functionalStorage.get(ALERTS_TOOLTIP_KEY) === '1';
}

function markTooltipSeen(): void {
  tooltipSeenThisVisit = true;
  functionalStorage.set(ALERTS_TOOLTIP_KEY, '1');
}

/** For tests: forget the visit's dismissal. */
export function resetAlertsTooltipForTests(): void {
  tooltipSeenThisVisit = false;
}

type Step = 'closed' | 'login' | 'form' | 'welcome' | 'confirmed';

/**
 * The tooltip by the switch, shown once only (whether OK or the switch dismissed it): when the page
 * says the feature is new to the wishlist, or when `showTooltip` is called after the welcome.
 */
function useAlertsTooltip(introduce: boolean) {
  const [tooltip, setTooltip] = useState(false);
  const showTooltip = () => {
    if (tooltipSeen()) return;
    markTooltipSeen();
    setTooltip(true);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the page says the feature is new
  useEffect(() => {
    if (introduce) showTooltip();
  }, [introduce]);
  return { tooltip, showTooltip, hideTooltip: () => setTooltip(false) };
}

/** After switching on: 'Welcome to Wishlist Alerts!' the first time, else a confirmation. */
function EnabledDialogs({
  step,
  address,
  onWelcomeClose,
  onWelcomed,
  onConfirmedClose,
  onOk,
}: {
  step: Step;
  address: string;
  onWelcomeClose: () => void;
  onWelcomed: () => void;
  onConfirmedClose: () => void;
  onOk: () => void;
}) {
  return (
    <>
      <Modal
        open={step === 'welcome'}
        title="Welcome to Wishlist Alerts!"
        onClose={onWelcomeClose}
        className="wishlist-alerts-modal"
      >
        <p>
          We will e-mail <strong>{address}</strong> when an item on your wishlist drops in price or sells.
        </p>
        <div className="wishlist-alerts__actions">
          <button type="button" className="button button--yellow" onClick={onWelcomed}>
            Continue
          </button>
        </div>
      </Modal>
      <Modal
        open={step === 'confirmed'}
        title="Wishlist Alerts"
        onClose={onConfirmedClose}
        className="wishlist-alerts-modal"
      >
        <p>
          Wishlist alerts are on. We will e-mail <strong>{address}</strong> when an item on your wishlist drops in price
          or sells.
        </p>
        <div className="wishlist-alerts__actions">
          <button type="button" className="button button--yellow" onClick={onOk}>
            OK
          </button>
        </div>
      </Modal>
    </>
  );
}

/**
 * The wishlist's Alerts switch and its modals (storefront.md 2 screen 9, 4): off to on asks a
 * visitor to log in, and a customer for the address (with a code when it is not verified yet);
 * the first time, 'Welcome to Wishlist Alerts!'. Once only, the tooltip by the switch: when the
 * feature is new to the wishlist, or after the welcome. On to off is immediate.
 */
export function WishlistAlerts({
  wishlistId,
  enabled,
  introduce = false,
  onChange,
  onError,
}: {
  wishlistId: number | null;
  enabled: boolean;
  /** The feature is new to this wishlist: the tooltip points at the switch (once only). */
  introduce?: boolean;
  onChange: (enabled: boolean) => void;
  /** A failed switch-off: the page's error ('Could not toggle alert for wishlist'). */
  onError: (error: unknown) => void;
}) {
  const viewer = useViewer();
  const [step, setStep] = useState<Step>('closed');
  const [address, setAddress] = useState('');
  const [busy, setBusy] = useState(false);
  const { tooltip, showTooltip, hideTooltip } = useAlertsTooltip(introduce);
  const switchRef = useRef<HTMLButtonElement>(null);
  const stepRef = useRef(step);
  stepRef.current = step;
  const close = () => setStep('closed');
  // A dialog also reports its close when the next step replaced it: only the open step may end.
  const closeFrom = (from: Step) => () => setStep((now) => (now === from ? 'closed' : now));

  const switchOff = async () => {
    setBusy(true);
    try {
      const reply = await toggleWishlistAlert({
        WishlistId: wishlistId ?? 0,
        AlertEnabled: false,
        Email: null,
        VerificationCode: null,
      });
      if (reply.WasSuccessful) onChange(false);
      else onError(new ApiError(reply.Message ?? '', 400));
    } catch (error) {
      onError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="wishlist-alerts">
      <button
        ref={switchRef}
        type="button"
        role="switch"
        aria-checked={enabled}
        className={`wishlist-alerts__switch${enabled ? ' wishlist-alerts__switch--on' : ''}`}
        disabled={busy}
        aria-busy={busy}
        onClick={() => {
          hideTooltip();
          if (enabled) void switchOff();
          else setStep(viewer.kind === 'customer' ? 'form' : 'login');
        }}
      >
        <span className="wishlist-alerts__label">Alerts</span>
        <span className="wishlist-alerts__track" aria-hidden="true">
          <span className="wishlist-alerts__thumb" />
        </span>
      </button>
      {tooltip ? (
        <div className="wishlist-alerts__tooltip" role="status">
          <span>You can manage your Wishlist Alerts here</span>
          <button
            type="button"
            className="button button--small"
            onClick={() => {
              hideTooltip();
              switchRef.current?.focus();
            }}
          >
            OK
          </button>
        </div>
      ) : null}
      <Modal
        open={step === 'login'}
        title="Wishlist Alerts"
        onClose={closeFrom('login')}
        className="wishlist-alerts-modal"
      >
        <p>To enable wishlist alerts, please login or register</p>
        <p>
          <Link className="button button--yellow" to={loginPath('/wishlist')} onClick={close}>
            Login / Register
          </Link>
        </p>
      </Modal>
      <Modal
        open={step === 'form'}
        title="Wishlist Alerts"
        onClose={closeFrom('form')}
        className="wishlist-alerts-modal"
      >
        {step === 'form' && viewer.kind === 'customer' ? (
          <WishlistAlertForm
            wishlistId={wishlistId ?? 0}
            accountEmail={viewer.email}
            onEnabled={({ email, showWelcome }) => {
              setAddress(email);
              onChange(true);
              setStep(showWelcome ? 'welcome' : 'confirmed');
            }}
          />
        ) : null}
      </Modal>
      <EnabledDialogs
        step={step}
        address={address}
        onWelcomeClose={() => {
          if (stepRef.current !== 'welcome') return;
          close();
          showTooltip();
        }}
        onWelcomed={() => {
          close();
          showTooltip();
        }}
        onConfirmedClose={closeFrom('confirmed')}
        onOk={close}
      />
    </div>
  );
}
