/**
 * Per-name counts (docs/decisions/0016): a searched list whose search is a name keeps its rows
 * counted per name stem by triggers (inventory_name_counts, marketplace_order_name_counts), so
 * a search's total is the matching stems' counts summed (keptSum) instead of a count of every
 * match.
 */

/**
 * Whether a gift name's stem (`gift_name_stem`: the name without a trailing `-<digits>`) answers
 * a "contains" search exactly: with no "-" and no digit the search cannot match inside that
 * suffix, so it matches a name exactly when it matches the stem.
 */
export const stemAnswers = (search: string) => !/[-0-9]/.test(search);
