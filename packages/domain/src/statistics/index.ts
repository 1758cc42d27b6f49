/**
 * Statistics of the instrument itself (DESIGN §13, §15): descriptive statistics, Cronbach's α
 * and corrected item-total correlations, the Jacobson–Truax reliable change index, the
 * per-scale figures (live or bundled) and progress change rows.
 */
export * from './descriptive';
export * from './reliability';
export * from './reliable-change';
export * from './scale-figures';
export * from './baseline-figures';
export * from './progress';
