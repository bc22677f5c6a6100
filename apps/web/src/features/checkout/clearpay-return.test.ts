// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CheckoutStepNumber } from './checkout-types';
import { useClearpayDecline } from './clearpay-return';

const DECLINED = 'Clearpay declined this payment. Choose another way to pay.';

describe('useClearpayDecline', () => {
  it('says the decline on step 3 until the shopper leaves it', () => {
    const { result, rerender } = renderHook(({ step }: { step: CheckoutStepNumber }) => useClearpayDecline(step), {
      initialProps: { step: 3 },
    });
    expect(result.current.notice).toBeNull();
    let shown = false;
    act(() => {
      shown = result.current.shown();
    });
    expect(shown).toBe(true);
    expect(result.current.notice).toBe(DECLINED);
    rerender({ step: 2 });
    expect(result.current.notice).toBeNull();
    rerender({ step: 3 });
    expect(result.current.notice).toBeNull();
  });

  it('leaves it to the banner when the checkout did not reopen on step 3', () => {
    const { result } = renderHook(() => useClearpayDecline(1));
    let shown = true;
    act(() => {
      shown = result.current.shown();
    });
    expect(shown).toBe(false);
    expect(result.current.notice).toBeNull();
  });
});
