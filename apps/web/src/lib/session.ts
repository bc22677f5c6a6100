import type { QueryClient } from '@tanstack/react-query';
import { resetViewerData } from './viewer-scope';
import { forgetWishlistToken, noteWishlistMergeFailure, wishlistToken } from './wishlist';
import { mergeWishlist } from './wishlist-api/merge-wishlist';

/*
 * The session changes every sign-in and sign-out path goes through (password, passkey,
 * registration, the /logout page), so the guest's wishlist and the cached data of the previous
 * viewer are handled the same way each time. The server joins the guest cart itself at sign-in.
 */

/**
 * After any sign-in: a guest wishlist this browser holds joins the customer's, then its token is
 * forgotten; then everything cached for the guest is dropped and whoami asked again. A failed merge
 * keeps the token (the guest wishlist is not lost; the next sign-in tries again), does not undo
 * the sign-in, and is noted for the wishlist page to report.
 */
export async function finishSignIn(client: QueryClient): Promise<void> {
  const token = wishlistToken();
  if (token) {
    try {
      await mergeWishlist(token);
      forgetWishlistToken();
      noteWishlistMergeFailure(null);
    } catch (error) {
      // Kept for the next sign-in; the customer's wishlist calls ignore it meanwhile. The wishlist
      // page says the merge failed, so the guest's items missing there are not a mystery.
      noteWishlistMergeFailure(error);
    }
  }
  await resetViewerData(client);
}

/** After sign-out: the browser is a guest with an empty cart and wishlist, never the customer's. */
export async function finishSignOut(client: QueryClient): Promise<void> {
  forgetWishlistToken();
  noteWishlistMergeFailure(null);
  await resetViewerData(client);
}
