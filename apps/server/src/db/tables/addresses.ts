/** Table types of the addresses module (kept apart so each module's tables live in one file). */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by the addresses module.
export interface AddressesTables {}
