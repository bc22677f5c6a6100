// @vitest-environment jsdom
import type { ProductDetail } from '@shop/contract';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installDialogPolyfill } from '../../../test/dialog.js';
import { ProductGallery } from './product-gallery';

beforeAll(() => {
  installDialogPolyfill();
});
afterEach(cleanup);

const images = [1, 2, 3].map((n) => ({
  Position: n,
  Url: `/images/lamp-${n}-800.jpg`,
  Srcset: `/images/lamp-${n}-800.jpg 800w`,
  Thumbnail: `/images/lamp-${n}-300.jpg`,
  Alt: `Brass lamp, picture ${n}`,
})) as unknown as ProductDetail['Images'];

async function openZoom() {
  render(<ProductGallery images={images} title="Brass lamp" />);
  await userEvent.click(screen.getByRole('button', { name: 'Zoom in on picture 1 of 3' }));
  const dialog = screen.getByRole('dialog', { name: 'Brass lamp' });
  // Where focus lands when the dialog opens: its Close button, outside the zoom view itself.
  const close = within(dialog).getByRole('button', { name: 'Close' });
  close.focus();
  return { dialog, close };
}

describe('the zoom view', () => {
  it('moves between pictures with the arrow keys while focus is on the Close button', async () => {
    const { dialog, close } = await openZoom();
    expect(within(dialog).getByText(/Picture 1 of 3/)).toBeTruthy();
    fireEvent.keyDown(close, { key: 'ArrowRight' });
    expect(within(dialog).getByText(/Picture 2 of 3/)).toBeTruthy();
    fireEvent.keyDown(close, { key: 'ArrowLeft' });
    fireEvent.keyDown(close, { key: 'ArrowLeft' });
    expect(within(dialog).getByText(/Picture 3 of 3/)).toBeTruthy();
  });

  it('pans a magnified picture with the arrow keys', async () => {
    const { dialog, close } = await openZoom();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Zoom in' }));
    const picture = within(dialog).getByAltText('Brass lamp, picture 1');
    expect(picture.style.transformOrigin).toBe('50% 50%');
    fireEvent.keyDown(close, { key: 'ArrowRight' });
    fireEvent.keyDown(close, { key: 'ArrowDown' });
    expect(picture.style.transformOrigin).toBe('60% 60%');
    // Still the first picture: panning does not change pictures.
    expect(within(dialog).getByText(/Picture 1 of 3/)).toBeTruthy();
  });
});
