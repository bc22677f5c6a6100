import { describe, expect, it } from 'vitest';
import type { Fulfilment } from '../../db/tables/orders.js';
import { decide, type FulfilmentAction, type ShipmentMethod } from './fulfilment-machine.js';

const STATES: Fulfilment[] = ['open', 'ready_for_pickup', 'dispatched', 'collected', 'cancelled'];
const ACTIONS: FulfilmentAction[] = ['ready', 'collect', 'dispatch', 'cancel-item'];

describe('the after-sale state machine', () => {
  it('moves a pickup open -> ready -> collected, and straight from open to collected', () => {
    expect(decide('pickup', 'open', 'ready')).toEqual({ kind: 'move', from: ['open'], to: 'ready_for_pickup' });
    expect(decide('pickup', 'ready_for_pickup', 'collect')).toEqual({
      kind: 'move',
      from: ['open', 'ready_for_pickup'],
      to: 'collected',
    });
    expect(decide('pickup', 'open', 'collect').kind).toBe('move');
  });

  it('moves a parcel open -> dispatched', () => {
    expect(decide('postage', 'open', 'dispatch')).toEqual({ kind: 'move', from: ['open'], to: 'dispatched' });
  });

  it('answers a move already made as a repeat', () => {
    expect(decide('pickup', 'ready_for_pickup', 'ready')).toEqual({ kind: 'repeat' });
    expect(decide('pickup', 'collected', 'collect')).toEqual({ kind: 'repeat' });
    expect(decide('postage', 'dispatched', 'dispatch')).toEqual({ kind: 'repeat' });
    // A cancelled item cancelled again is a repeat, whatever became of the rest of its shipment.
    expect(decide('postage', 'dispatched', 'cancel-item', true)).toEqual({ kind: 'repeat' });
    expect(decide('pickup', 'cancelled', 'cancel-item', true)).toEqual({ kind: 'repeat' });
  });

  it.each([
    ['postage', 'cancelled', 'dispatch', 'These items cannot be dispatched: they were cancelled'],
    ['pickup', 'collected', 'dispatch', 'These items cannot be dispatched: they are collected in store, not posted'],
    ['postage', 'open', 'collect', 'These items cannot be marked collected: they are posted, not collected in store'],
    [
      'postage',
      'open',
      'ready',
      'These items cannot be marked ready for pickup: they are posted, not collected in store',
    ],
    ['postage', 'dispatched', 'cancel-item', 'This item cannot be cancelled: it has been dispatched'],
    ['pickup', 'collected', 'cancel-item', 'This item cannot be cancelled: it has been collected'],
    ['pickup', 'collected', 'ready', 'These items cannot be marked ready for pickup: they have been collected'],
    ['pickup', 'cancelled', 'collect', 'These items cannot be marked collected: they were cancelled'],
  ] as const)('refuses %s in state %s: %s', (method, state, action, reason) => {
    expect(decide(method, state, action as FulfilmentAction)).toEqual({ kind: 'refuse', reason });
  });

  it('cancels an item of a shipment not yet sent or handed over', () => {
    expect(decide('postage', 'open', 'cancel-item')).toEqual({ kind: 'move', from: ['open'], to: null });
    expect(decide('pickup', 'ready_for_pickup', 'cancel-item')).toEqual({
      kind: 'move',
      from: ['open', 'ready_for_pickup'],
      to: null,
    });
  });

  it('never leaves dispatched, collected or cancelled, for any action, on either method', () => {
    for (const method of ['pickup', 'postage'] as ShipmentMethod[]) {
      for (const state of ['dispatched', 'collected', 'cancelled'] as Fulfilment[]) {
        for (const action of ACTIONS) expect(decide(method, state, action).kind).not.toBe('move');
      }
    }
  });

  it('only ever moves to a state of its own method, and only from states that method reaches', () => {
    const reachable: Record<ShipmentMethod, Fulfilment[]> = {
      pickup: ['open', 'ready_for_pickup', 'collected', 'cancelled'],
      postage: ['open', 'dispatched', 'cancelled'],
    };
    for (const method of ['pickup', 'postage'] as ShipmentMethod[]) {
      for (const state of STATES) {
        for (const action of ACTIONS) {
          const decision = decide(method, state, action);
          if (decision.kind !== 'move') continue;
          expect(reachable[method]).toContain(state);
          if (decision.to !== null) expect(reachable[method]).toContain(decision.to);
          expect(decision.from).toContain(state);
        }
      }
    }
  });
});
