import {
  POSTAGE_NOTE_INCLUDED,
  POSTAGE_NOTE_NONE_CHOSEN,
  POSTAGE_NOTE_PENDING,
  SPLIT_INCOMPLETE_MESSAGE,
} from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { continueResult, newPostageChoice, postageNoteFor, type SplitChoices } from './delivery-rules';
import { BILLING, makeShipment, NEWTOWN, PARRAMATTA } from './delivery-test-fixtures';

const shipments = [makeShipment(PARRAMATTA, [1, 2]), makeShipment(NEWTOWN, [3])];
const store = (method: 'StorePickup' | 'AustraliaPost' | null, costType: 'Regular' | 'Express' | null = null) => ({
  ...newPostageChoice('AU'),
  method,
  costType,
  quotedFor: costType ? '2000' : null,
});

describe('postageNoteFor (checkout.md section 2)', () => {
  const postage = newPostageChoice('AU');
  it('says postage may follow before an option is chosen, nothing for pickup', () => {
    expect(postageNoteFor(null, postage, null)).toBe(POSTAGE_NOTE_NONE_CHOSEN);
    expect(postageNoteFor('StorePickup', postage, null)).toBeNull();
  });

  it('is pending for postage until a cost type is chosen', () => {
    expect(postageNoteFor('AustraliaPost', postage, null)).toBe(POSTAGE_NOTE_PENDING);
    expect(postageNoteFor('Generic', { ...postage, costType: 'Regular' }, null)).toBe(POSTAGE_NOTE_INCLUDED);
  });

  it('under split postage: none when all pickup, pending while a store is open or uncosted, else included', () => {
    const note = (choices: SplitChoices) => postageNoteFor('SplitPostage', postage, { shipments, choices });
    expect(postageNoteFor('SplitPostage', postage, null)).toBe(POSTAGE_NOTE_PENDING);
    expect(note({ 7: store('StorePickup'), 9: store('StorePickup') })).toBeNull();
    expect(note({ 7: store('StorePickup'), 9: store(null) })).toBe(POSTAGE_NOTE_PENDING);
    expect(note({ 7: store('StorePickup'), 9: store('AustraliaPost') })).toBe(POSTAGE_NOTE_PENDING);
    expect(note({ 7: store('StorePickup'), 9: store('AustraliaPost', 'Express') })).toBe(POSTAGE_NOTE_INCLUDED);
  });
});

describe('continueResult under split postage', () => {
  it('needs a valid address for a posted store', () => {
    const choices: SplitChoices = {
      7: store('StorePickup'),
      9: { ...store('AustraliaPost', 'Regular'), sameAsBilling: false },
    };
    const state = {
      region: 'AU' as const,
      option: 'SplitPostage' as const,
      postage: newPostageChoice('AU'),
      missingTableRate: false,
      split: { shipments, choices },
      billing: BILLING,
    };
    expect(continueResult(state)).toEqual({ message: SPLIT_INCOMPLETE_MESSAGE });
    const withAddress = { ...choices, 9: { ...store('AustraliaPost', 'Regular'), sameAsBilling: true } };
    expect('choice' in continueResult({ ...state, split: { shipments, choices: withAddress } })).toBe(true);
  });
});
