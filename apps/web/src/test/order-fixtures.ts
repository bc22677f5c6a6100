import type { OrderDetailValue, OrderHistoryValue, OrderSummary } from '@shop/contract';

/** One row of the order history. */
export function orderSummary(n: number, overrides: Partial<OrderSummary> = {}): OrderSummary {
  return {
    orderNumber: `ORD-0000-0000-${String(n).padStart(4, '0')}`,
    // 23:30 UTC is the next morning in Brisbane (AEST, UTC+10) and still the same day in London.
    orderDateTime: '2026-11-24T23:30:00.000Z',
    itemCount: n % 3 === 0 ? 1 : 3,
    storeCount: n % 3 === 0 ? 1 : 2,
    price: `$${n}0.00`,
    status: 'Processing',
    ...overrides,
  };
}

/** A page of the history as the server answers it (12 a page). */
export function historyPage(page: number, total: number): OrderHistoryValue {
  const first = (page - 1) * 12 + 1;
  const count = Math.max(0, Math.min(12, total - first + 1));
  return {
    orders: Array.from({ length: count }, (_, i) => orderSummary(first + i)),
    totalOrderCount: total,
    currentPage: page,
  };
}

const STORE_ADDRESS = {
  customerName: '',
  businessName: 'Cash Converters Parramatta',
  line1: '12 Church St',
  line2: '',
  suburb: 'Parramatta',
  state: 'NSW',
  postCode: '2150',
};

const HOME_ADDRESS = {
  customerName: 'Ada Lovelace',
  businessName: '',
  line1: '1 George St',
  line2: 'Unit 4',
  suburb: 'Sydney',
  state: 'NSW',
  postCode: '2000',
};

/** An order from two stores: one picked up (with a discounted item and no picture), one posted and dispatched. */
export function orderDetail(overrides: Partial<OrderDetailValue> = {}): OrderDetailValue {
  return {
    orderNumber: 'ORD-7K2M-9QXD-4TQH',
    invoiceUrl: '/gst-invoice?invoice=ORD-7K2M-9QXD-4TQH',
    gstInvoicesEnabled: true,
    summary: {
      itemCount: 3,
      storeCount: 2,
      price: '$571.95',
      orderDateTime: '2026-11-24T23:30:00.000Z',
      orderDateTimeZone: 'AEST',
      status: 'Partly dispatched',
      discountAmount: '$50.00',
    },
    stores: [
      {
        id: 11,
        name: 'Parramatta',
        items: [
          {
            id: 'SH0000001',
            displayName: 'Fender Stratocaster',
            image: null,
            itemType: 'Electric Guitars',
            price: '$450.00',
            discountedPrice: '$400.00',
            cancelled: false,
            refund: null,
          },
          {
            id: 'SH0000002',
            displayName: 'Guitar amp',
            image: '/c3api/images/product/SH0000002/1?w=300',
            itemType: 'Amplifiers',
            price: '$120.00',
            discountedPrice: null,
            cancelled: false,
            refund: null,
          },
        ],
        shippingDetails: {
          option: 'Customer Pickup',
          address: STORE_ADDRESS,
          dispatchedDate: null,
          trackingUrl: null,
          trackingNumber: null,
          cost: '$0.00',
          fulfilment: 'ready_for_pickup',
          // Tuesday 1 December 2026, 5:30 pm in Sydney.
          collectBy: { At: '2026-12-01T06:30:00.000Z', TimeZone: 'Australia/Sydney' },
        },
      },
      {
        id: 12,
        name: 'Newtown',
        items: [
          {
            id: 'SH0000003',
            displayName: 'Drum kit',
            image: '/c3api/images/product/SH0000003/1?w=300',
            itemType: 'Drums',
            price: '$40.00',
            discountedPrice: null,
            cancelled: false,
            refund: null,
          },
        ],
        shippingDetails: {
          option: 'Australia Post Regular',
          address: HOME_ADDRESS,
          dispatchedDate: '2026-11-26T22:15:00.000Z',
          trackingUrl: 'https://auspost.com.au/mypost/track/details/33ABC123',
          trackingNumber: '33ABC123',
          cost: '$11.95',
          fulfilment: 'dispatched',
          collectBy: null,
        },
      },
    ],
    ...overrides,
  };
}
