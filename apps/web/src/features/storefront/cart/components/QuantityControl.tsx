import { useEffect, useRef, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import { stepDown, stepUp, type QuantityRules } from '@cratebase/contract';

export interface QuantityControlProps {
  value: number;
  onChange: (next: number) => void;
  /** What is counted, usually the product's name: the group's label and part of the buttons' names. */
  label: string;
  /** Minus is disabled here (default 0). */
  min?: number;
  /** Plus is disabled here (default: no limit). */
  max?: number;
  /** Both buttons disabled (e.g. while the product loads). */
  disabled?: boolean;
  /** 'small' in the cart drawer and on tiles, 'medium' on the product page. */
  size?: 'small' | 'medium';
  /**
   * The product's minimum and order increment: + goes to the next orderable quantity (the
   * minimum first), − to the one below it, or to 0 below the minimum. Steps of 1 without.
   */
  rules?: QuantityRules;
}

/**
 * − value + stepper (spec section 5: the minus is disabled at the minimum or while loading).
 * A group labelled `label` with buttons "Decrease/Increase quantity of {label}"; the value is
 * announced when it changes. Arrow Up and Arrow Down step while a button has the focus.
 */
export function QuantityControl({
  value,
  onChange,
  label,
  min = 0,
  max = Number.POSITIVE_INFINITY,
  disabled = false,
  size = 'medium',
  rules,
}: QuantityControlProps) {
  const minus = useRef<HTMLButtonElement>(null);
  const plus = useRef<HTMLButtonElement>(null);
  const up = rules ? stepUp(value, rules) : value + 1;
  const down = rules ? stepDown(value, rules) : value - 1;
  const canDecrease = !disabled && value > min && down >= min;
  const canIncrease = !disabled && value < max && up <= max;

  // A button that becomes disabled drops the keyboard focus: hand it to the other button.
  useEffect(() => {
    if (!canDecrease && document.activeElement === minus.current && canIncrease) plus.current?.focus();
    if (!canIncrease && document.activeElement === plus.current && canDecrease) minus.current?.focus();
  }, [canDecrease, canIncrease]);

  const step = (delta: number) => {
    const next = Math.min(max, Math.max(min, delta > 0 ? up : down));
    if (next !== value) onChange(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (disabled) return;
    if (event.key === 'ArrowUp') {
      event.preventDefault();
      step(1);
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      step(-1);
    }
  };

  const small = size === 'small';
  const buttonSx = { p: small ? 0.5 : 1 } as const;

  return (
    <Box
      role="group"
      aria-label={label}
      onKeyDown={onKeyDown}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        border: 1,
        borderColor: 'divider',
        borderRadius: 999,
        bgcolor: 'background.paper',
        opacity: disabled ? 0.6 : 1,
      }}
    >
      <IconButton
        ref={minus}
        aria-label={`Decrease quantity of ${label}`}
        disabled={!canDecrease}
        onClick={() => step(-1)}
        size={size}
        sx={buttonSx}
      >
        <RemoveIcon fontSize={small ? 'small' : 'medium'} />
      </IconButton>
      <Box
        component="output"
        aria-live="polite"
        sx={{
          minWidth: small ? 28 : 40,
          textAlign: 'center',
          fontWeight: 600,
          fontSize: small ? '0.875rem' : '1rem',
          fontVariantNumeric: 'tabular-nums',
          color: 'text.primary',
        }}
      >
        {value}
      </Box>
      <IconButton
        ref={plus}
        aria-label={`Increase quantity of ${label}`}
        disabled={!canIncrease}
        onClick={() => step(1)}
        size={size}
        sx={buttonSx}
      >
        <AddIcon fontSize={small ? 'small' : 'medium'} />
      </IconButton>
    </Box>
  );
}
