/** The postcode box's rule, in its own chunk: loaded at the first Check (postage-quote.tsx), so the product page carries no zod. */
export { postageQuoteQuerySchema } from '@shop/contract';
