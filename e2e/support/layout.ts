import type { Locator, Page } from 'playwright-core';

export interface Box {
  name: string;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/**
 * The visible interactive controls (links, buttons, inputs, selects) inside `root`, with their
 * boxes. Text inputs count by their content box: a control drawn inside an input's padding (the
 * saved-search star) is by design, one over the text is not. Hidden ones (display none, a closed
 * panel, visually hidden text of 1 px) are left out.
 */
export function controlBoxes(root: Locator): Promise<Box[]> {
  return root.evaluate((element) => {
    const controls = [...element.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea')];
    const boxes: (Box & { element: HTMLElement })[] = [];
    for (const control of controls) {
      const rect = control.getBoundingClientRect();
      const style = getComputedStyle(control);
      if (rect.width <= 2 || rect.height <= 2 || style.visibility === 'hidden' || control.closest('[hidden]')) continue;
      let { left, right } = rect;
      if (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement) {
        left += Number.parseFloat(style.borderLeftWidth) + Number.parseFloat(style.paddingLeft);
        right -= Number.parseFloat(style.borderRightWidth) + Number.parseFloat(style.paddingRight);
      }
      const name = (control.getAttribute('aria-label') ?? control.textContent ?? control.id).trim().slice(0, 40);
      boxes.push({ name: name || control.tagName, left, right, top: rect.top, bottom: rect.bottom, element: control });
    }
    // Nested controls (none expected) are not two controls competing for the same room.
    return boxes
      .filter((box) => !boxes.some((other) => other !== box && other.element.contains(box.element)))
      .map(({ element: _element, ...box }) => box);
  });
}

/** Pairs of boxes that overlap by more than half a pixel both ways (rounding is not overlap). */
export function overlaps(boxes: Box[]): string[] {
  const found: string[] = [];
  for (const [i, a] of boxes.entries()) {
    for (const b of boxes.slice(i + 1)) {
      const across = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const down = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (across > 0.5 && down > 0.5) found.push(`'${a.name}' overlaps '${b.name}'`);
    }
  }
  return found;
}

/**
 * Pairs of boxes less than `gap` px apart, touching included: two buttons stacked edge to edge
 * when their row wraps read as one block, and a finger meant for one lands on the other.
 */
export function tooClose(boxes: Box[], gap: number): string[] {
  const found: string[] = [];
  for (const [i, a] of boxes.entries()) {
    for (const b of boxes.slice(i + 1)) {
      const apartAcross = Math.max(a.left, b.left) - Math.min(a.right, b.right);
      const apartDown = Math.max(a.top, b.top) - Math.min(a.bottom, b.bottom);
      if (apartAcross < gap && apartDown < gap) found.push(`'${a.name}' is within ${gap} px of '${b.name}'`);
    }
  }
  return found;
}

/**
 * The header's search field, when empty: whether its placeholder shows whole. Measured as the
 * browser lays it out: the hint is typed in for a moment (no input event, so the app never sees
 * it) and the field's scroll width compared with its width; a search field keeps room for its
 * clear button, which a sum of font and padding widths misses. `null` when the field holds a
 * search (the placeholder is not shown).
 */
export function searchPlaceholder(page: Page): Promise<{ text: string; needed: number; room: number } | null> {
  return page
    .getByRole('banner')
    .getByRole('combobox', { name: 'Search for items' })
    .evaluate((element) => {
      const input = element as HTMLInputElement;
      if (input.value !== '') return null;
      input.value = input.placeholder;
      const measured = { text: input.placeholder, needed: input.scrollWidth, room: input.clientWidth };
      input.value = '';
      return measured;
    });
}

/** Boxes that reach past the left or right edge of the window. */
export function offScreen(boxes: Box[], width: number): string[] {
  return boxes.filter((box) => box.left < -0.5 || box.right > width + 0.5).map((box) => `'${box.name}' is cut off`);
}

/** Whether the page scrolls sideways. */
export function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

/**
 * Whether `target` is on screen and on top at its centre: inside the window and not covered by
 * something else (a sticky bar drawn over it, say).
 */
export function showing(target: Locator): Promise<boolean> {
  return target.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    if (rect.width === 0 || rect.top < 0 || rect.bottom > window.innerHeight) return false;
    const top = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    return top !== null && (element === top || element.contains(top));
  });
}
