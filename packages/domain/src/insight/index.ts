/**
 * Organization insight (DESIGN §14; issue 27; decision 0029): which group figures may be shown
 * (k-anonymity with complementary suppression, across both periods) and the group lotus itself.
 */
export * from './suppression';
export * from './figures';
