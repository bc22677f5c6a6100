/** Cart change flags (spec section 4), OR-ed together in changeTypes. */
export const ChangeType = { Details: 1, PriceIncrease: 2, PriceDecrease: 4, Availability: 8 } as const;

/** One full sentence per flag that is set, about the item named. */
export function changeMessages(changeTypes: number, itemName = 'This item'): string[] {
  const messages: string[] = [];
  if (changeTypes & ChangeType.Details) messages.push(`${itemName}: details have changed.`);
  if (changeTypes & ChangeType.PriceIncrease) messages.push(`${itemName}: price has increased.`);
  if (changeTypes & ChangeType.PriceDecrease) messages.push(`${itemName}: price has decreased.`);
  if (changeTypes & ChangeType.Availability)
    messages.push(`${itemName}: item no longer available and can't be purchased, remove it from the cart.`);
  return messages;
}

/** Success style only when every change is a price decrease; otherwise warning. */
export function changeNoticeKind(changeTypes: number[]): 'success' | 'warning' {
  const changed = changeTypes.filter((types) => types !== 0);
  return changed.length > 0 && changed.every((types) => types === ChangeType.PriceDecrease) ? 'success' : 'warning';
}

/** Confirm is disabled when any change type is 8, 9, 10, 11 or 12. */
export function confirmDisabled(changeTypes: number[]): boolean {
  return changeTypes.some((types) => types >= 8 && types <= 12);
}
