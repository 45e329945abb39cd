/**
 * `sx` for text that screen readers announce but nobody sees (live status lines, counts).
 * Sizes are strings on purpose: in `sx`, `width: 1` would mean 100%.
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
