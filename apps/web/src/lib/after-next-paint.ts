/**
 * Runs `then` in a task after the browser's next frame: what the page shows now is painted first.
 *
 * A tap's own task should leave the browser free to paint its answer (a pressed button, a chosen
 * option, a closing sheet): work started in the same task holds that paint back, and a shopper's
 * phone reads the wait as a tap that was not taken (Interaction to Next Paint). Work that draws a
 * new page of results goes here, one frame later.
 */
export function afterNextPaint(then: () => void): void {
  requestAnimationFrame(() => setTimeout(then, 0));
}
