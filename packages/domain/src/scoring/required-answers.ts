/**
 * @bloom/domain/required-answers: the coverage rule's threshold alone (DESIGN.md §11), with no
 * content import, so the web app counts a petal's or module's answers by the same rule the server
 * applies (scoring/coverage.ts).
 */

/** ⌈2/3 × total⌉ in whole numbers, so no floating-point rounding can move the threshold. */
export function requiredAnswers(total: number): number {
  return Math.ceil((2 * total) / 3);
}
