import { unitsLeft, type OrderLine } from '@cratebase/contract';
import { UnitCountFields } from '../../../../components/orders/UnitCountFields';
import { formatCents } from '../../../../lib/format';
import type { LineQuantities } from '../cancel-effect';

export interface LineQuantityFieldsProps {
  legend: string;
  /** The order's lines; those with no unit left to ship are left out. */
  lines: readonly OrderLine[];
  quantities: LineQuantities;
  onChange: (next: LineQuantities) => void;
  /** The verb of the field's name: "Units of Fig Jam to ship (up to 2)". */
  verb: 'ship' | 'cancel' | 'report unavailable';
  disabled?: boolean;
  /** The most of a line the field allows (default: the units left; shipping: those that may ship now). */
  limit?: (line: OrderLine) => number;
}

/**
 * A quantity stepper for each line with units left to ship (0 to what is left): − and + buttons
 * around a number field, each named for its line.
 */
export function LineQuantityFields({
  legend,
  lines,
  quantities,
  onChange,
  verb,
  disabled = false,
  limit = unitsLeft,
}: LineQuantityFieldsProps) {
  const rows = lines
    .filter((line) => limit(line) > 0)
    .map((line) => {
      const held = unitsLeft(line) - limit(line);
      return {
        id: line.id,
        name: line.name,
        max: limit(line),
        caption:
          `${formatCents(line.unit_price_in_cents)} each · ${unitsLeft(line)} of ${line.quantity} left to ship` +
          (held > 0 ? ` (${held} wait for the retailer’s choice on the backorder)` : ''),
      };
    });
  return (
    <UnitCountFields
      legend={legend}
      rows={rows}
      quantities={quantities}
      onChange={onChange}
      fieldLabel={(row) => `Units of ${row.name} to ${verb} (up to ${row.max})`}
      empty="Every unit has shipped or was cancelled."
      disabled={disabled}
    />
  );
}
