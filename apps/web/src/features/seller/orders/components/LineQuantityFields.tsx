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
}: LineQuantityFieldsProps) {
  const rows = lines
    .filter((line) => unitsLeft(line) > 0)
    .map((line) => ({
      id: line.id,
      name: line.name,
      max: unitsLeft(line),
      caption: `${formatCents(line.unit_price_in_cents)} each · ${unitsLeft(line)} of ${line.quantity} left to ship`,
    }));
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
