import { Link } from 'react-router';

/** The checkout's own address: sign-in and registration bring the shopper back here. */
export const CHECKOUT_RETURN_PATH = '/checkout/';

/** Guests are invited to sign in or register so their saved details fill the form (checkout.md section 6). */
export function GuestLoginPrompt() {
  return (
    <p className="checkout-guest">
      Have an account? <Link to={`/login?returnUrl=${CHECKOUT_RETURN_PATH}`}>Login</Link>/
      <Link to={`/register?returnUrl=${CHECKOUT_RETURN_PATH}`}>Register</Link> to pre-fill your saved details.
    </p>
  );
}
