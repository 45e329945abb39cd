/**
 * The look of an order grid's cells — a product's variants as a table of quantity inputs, the
 * first option down the side and the second across: the storefront's order grid (issue 24) and
 * the seller's, in the order builder (issue 25). Header, body, footer and total cells; the first
 * column stays in view while a phone scrolls the grid sideways inside its own box.
 */
import type { Theme } from '@mui/material/styles';

/** A divider-coloured border (a shorthand written after borderColor would reset its colour). */
export const gridLine = (theme: Theme) => `1px solid ${theme.palette.divider}`;

export const headCell = {
  px: 1,
  py: 1,
  typography: 'body2',
  fontWeight: 600,
  color: 'text.primary',
  textAlign: 'center',
  whiteSpace: 'nowrap',
  borderBottom: gridLine,
  bgcolor: 'background.default',
} as const;

export const bodyCell = {
  px: 1,
  py: 0.75,
  verticalAlign: 'middle',
  borderBottom: gridLine,
  typography: 'body2',
} as const;

export const footCell = { ...headCell, borderBottom: 0, borderTop: gridLine } as const;

export const totalCell = {
  textAlign: 'center',
  fontWeight: 600,
  color: 'text.primary',
  fontVariantNumeric: 'tabular-nums',
  verticalAlign: 'middle',
} as const;

/** The first column stays in view while a phone scrolls the grid sideways. */
export const stickyCell = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  borderRight: gridLine,
  minWidth: 64,
  pl: 1.5,
} as const;

/** A quantity cell's input: outlined, red when its quantity breaks a rule, numbers to the right. */
export function quantityInputSx(problem: boolean) {
  return {
    height: 36,
    px: 1,
    border: 1,
    borderRadius: 1,
    borderColor: problem ? 'error.main' : 'rgba(0, 0, 0, 0.23)',
    '&.Mui-focused': { borderColor: 'primary.main', boxShadow: '0 0 0 1px', color: 'primary.main' },
    '& input': { textAlign: 'right', color: 'text.primary', fontVariantNumeric: 'tabular-nums' },
  } as const;
}
