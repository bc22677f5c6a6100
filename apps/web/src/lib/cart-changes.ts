import { ChangeType } from '@shop/contract';

/** Cart change flags (spec section 4), OR-ed together in changeTypes: the contract's one definition. */
export { ChangeType };

/** Whether `flag` is among the flags OR-ed into changeTypes. */
export function hasChange(changeTypes: number, flag: number): boolean {
  return (changeTypes & flag) === flag;
}

/** One full sentence per flag that is set, about the item named. */
export function changeMessages(changeTypes: number, itemName = 'This item'): string[] {
  const messages: string[] = [];
  if (hasChange(changeTypes, ChangeType.Details)) messages.push(`${itemName}: details have changed.`);
  if (hasChange(changeTypes, ChangeType.PriceIncrease)) messages.push(`${itemName}: price has increased.`);
  if (hasChange(changeTypes, ChangeType.PriceDecrease)) messages.push(`${itemName}: price has decreased.`);
  if (hasChange(changeTypes, ChangeType.Availability))
    messages.push(`${itemName}: item no longer available and can't be purchased, remove it from the cart.`);
  return messages;
}

/** Success style only when every change is a price decrease (that flag alone); otherwise warning. */
export function changeNoticeKind(changeTypes: number[]): 'success' | 'warning' {
  const changed = changeTypes.filter((types) => types !== 0);
  return changed.length > 0 && changed.every((types) => types === ChangeType.PriceDecrease) ? 'success' : 'warning';
}

/**
 * Confirm is disabled whenever an item is no longer available. The spec lists the change types
 * 8, 9, 10, 11 and 12, but the flags are OR-ed: 13, 14 and 15 carry Availability too (the server
 * sends 13 for an item that sold after it was made cheaper and retitled), so the rule is the flag.
 */
export function confirmDisabled(changeTypes: number[]): boolean {
  return changeTypes.some((types) => hasChange(types, ChangeType.Availability));
}
