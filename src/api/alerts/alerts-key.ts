/** The alerts list's query key, apart from its options builder (api/alerts) so that pages which only read
 * the list from the cache (the board marking machines with an alert) need not load the list's schema. */
export const ALERTS_KEY = ['alerts'] as const
