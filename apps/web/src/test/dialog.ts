/**
 * jsdom has no <dialog> methods: these behave as browsers do for the parts our modals use.
 * showModal opens; close closes and fires 'close' (also when the app closes it, not the shopper),
 * and does nothing on a dialog already closed. Call in beforeAll or beforeEach.
 */
export function installDialogPolyfill(): void {
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}
