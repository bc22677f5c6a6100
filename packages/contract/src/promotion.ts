/** promotion calls' shapes (filled in by the checkout work). */
export {};
