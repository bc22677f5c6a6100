import type { Fulfilment } from '../../db/tables/orders.js';

/**
 * THE after-sale state machine of one store's shipment (and its items), as one table: which
 * console action may move a shipment from which state, to which. Pure: the fulfilment service asks
 * it before every write and then writes conditionally on the same `from` states, so what this says
 * and what the database does cannot drift apart. A move answers one of
 * - move: do it (from one of `from`, to `to`);
 * - repeat: it is already done (the call answers as before, writes nothing, sends nothing);
 * - refuse: an impossible move (409 with `reason`; nothing changes).
 */
export type FulfilmentAction = 'ready' | 'collect' | 'dispatch' | 'cancel-item';
export type ShipmentMethod = 'pickup' | 'postage';

export type Decision =
  | { kind: 'move'; from: Fulfilment[]; to: Fulfilment | null }
  | { kind: 'repeat' }
  | { kind: 'refuse'; reason: string };

interface Rule {
  /** States the action moves the shipment from. */
  from: Fulfilment[];
  /** Where it goes; null: the shipment stays (cancel-item decides per item). */
  to: Fulfilment | null;
  /** The state that means "already done" (a repeat). */
  done: Fulfilment | null;
}

const NOT_FOR: Record<ShipmentMethod, string> = {
  pickup: 'they are collected in store, not posted',
  postage: 'they are posted, not collected in store',
};

/** Every action per method; an action missing for a method is refused for it. */
export const TRANSITIONS: Record<ShipmentMethod, Partial<Record<FulfilmentAction, Rule>>> = {
  pickup: {
    ready: { from: ['open'], to: 'ready_for_pickup', done: 'ready_for_pickup' },
    collect: { from: ['open', 'ready_for_pickup'], to: 'collected', done: 'collected' },
    'cancel-item': { from: ['open', 'ready_for_pickup'], to: null, done: 'cancelled' },
  },
  postage: {
    dispatch: { from: ['open'], to: 'dispatched', done: 'dispatched' },
    'cancel-item': { from: ['open'], to: null, done: 'cancelled' },
  },
};

const STATE_WORDS: Record<Fulfilment, string> = {
  open: 'not yet sent or collected',
  ready_for_pickup: 'ready for pickup',
  dispatched: 'dispatched',
  collected: 'collected',
  cancelled: 'cancelled',
};

const ACTION_WORDS: Record<FulfilmentAction, string> = {
  ready: 'marked ready for pickup',
  collect: 'marked collected',
  dispatch: 'dispatched',
  'cancel-item': 'cancelled',
};

/**
 * What `action` may do to a shipment of `method` in state `state`. For 'cancel-item',
 * `itemCancelled` says whether that item is already cancelled (a repeat), which is checked first:
 * cancelling a cancelled item again is a repeat even when its shipment has moved on.
 */
export function decide(
  method: ShipmentMethod,
  state: Fulfilment,
  action: FulfilmentAction,
  itemCancelled = false,
): Decision {
  const rule = TRANSITIONS[method][action];
  if (!rule) return { kind: 'refuse', reason: `These items cannot be ${ACTION_WORDS[action]}: ${NOT_FOR[method]}` };
  if (action === 'cancel-item') {
    if (itemCancelled) return { kind: 'repeat' };
    if (rule.from.includes(state)) return { kind: 'move', from: rule.from, to: null };
    return { kind: 'refuse', reason: `This item cannot be cancelled: it has been ${STATE_WORDS[state]}` };
  }
  if (state === rule.done) return { kind: 'repeat' };
  if (rule.from.includes(state)) return { kind: 'move', from: rule.from, to: rule.to };
  const words = state === 'cancelled' ? 'they were cancelled' : `they have been ${STATE_WORDS[state]}`;
  return { kind: 'refuse', reason: `These items cannot be ${ACTION_WORDS[action]}: ${words}` };
}
