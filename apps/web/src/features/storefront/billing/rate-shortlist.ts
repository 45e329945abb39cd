/**
 * Which shipping options step 2 shows (issue 27 §3: 10 cards were ~1,100 px of scrolling on a
 * phone): the tagged ones first (Cheapest, Best value, Fastest), the rest behind "More options".
 * The chosen option is always shown, tagged or not. Pure, so it is tested without a screen.
 */
import type { ShippingEstimate } from '@cratebase/contract';
import { estimateChips } from './api';

/** Below this many options every one is shown: hiding one or two saves nothing. */
export const SHORTLIST_MIN_HIDDEN = 2;

export interface RateShortlist {
  /** The options to show, tagged ones first, in the server's order within each group. */
  shown: ShippingEstimate[];
  /** How many the "More options (N)" control reveals (0: no control). */
  hidden: number;
}

const isTagged = (estimate: ShippingEstimate) => estimateChips(estimate).length > 0;

export function rateShortlist(
  estimates: readonly ShippingEstimate[],
  selected: string | null,
  expanded: boolean,
): RateShortlist {
  const tagged = estimates.filter(isTagged);
  const ordered = [...tagged, ...estimates.filter((estimate) => !isTagged(estimate))];
  // Without tags there is nothing to put first.
  if (tagged.length === 0) return { shown: ordered, hidden: 0 };
  const short = ordered.filter((estimate) => isTagged(estimate) || estimate.object_id === selected);
  const hidden = ordered.length - short.length;
  if (hidden < SHORTLIST_MIN_HIDDEN) return { shown: ordered, hidden: 0 };
  return expanded ? { shown: ordered, hidden } : { shown: short, hidden };
}
