import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { centsToDollarsText, dollarsTextToCents, MoneyInput, sanitizeDollarsInput } from './MoneyInput';

function Harness({ initial = null, onChange }: { initial?: number | null; onChange: (cents: number | null) => void }) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <MoneyInput
      label="Wholesale Price"
      value={value}
      onChange={(cents) => {
        setValue(cents);
        onChange(cents);
      }}
    />
  );
}

function setup(initial: number | null = null) {
  const onChange = vi.fn<(cents: number | null) => void>();
  render(<Harness initial={initial} onChange={onChange} />);
  const input = screen.getByLabelText('Wholesale Price') as HTMLInputElement;
  return { onChange, input, user: userEvent.setup() };
}

describe('MoneyInput', () => {
  it('turns "12.50" into 1250 cents and shows a dollar sign', async () => {
    const { onChange, input, user } = setup();
    expect(screen.getByText('$')).toBeTruthy();
    await user.type(input, '12.50');
    expect(input.value).toBe('12.50');
    expect(onChange).toHaveBeenLastCalledWith(1250);
    // "12.5" and "12.50" are the same amount: no second call for the trailing zero.
    expect(onChange.mock.calls.map(([c]) => c)).toEqual([100, 1200, 1250]);
  });

  it('refuses a third decimal', async () => {
    const { onChange, input, user } = setup();
    await user.type(input, '3.999');
    expect(input.value).toBe('3.99');
    expect(onChange).toHaveBeenLastCalledWith(399);
  });

  it('refuses a minus sign and letters', async () => {
    const { onChange, input, user } = setup();
    await user.type(input, '-5a');
    expect(input.value).toBe('5');
    expect(onChange.mock.calls.map(([c]) => c)).toEqual([500]);
  });

  it('reports null when emptied and shows a saved value with two decimals', async () => {
    const { onChange, input, user } = setup(705);
    expect(input.value).toBe('7.05');
    await user.clear(input);
    expect(input.value).toBe('');
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('pads to two decimals on blur', async () => {
    const { input, user } = setup();
    await user.type(input, '4.5');
    await user.tab();
    expect(input.value).toBe('4.50');
  });
});

describe('money helpers', () => {
  it('converts exactly, without floating point', () => {
    expect(dollarsTextToCents('0.29')).toBe(29);
    expect(dollarsTextToCents('1.1')).toBe(110);
    expect(dollarsTextToCents('.5')).toBe(50);
    expect(dollarsTextToCents('')).toBeNull();
    expect(dollarsTextToCents('.')).toBeNull();
    expect(centsToDollarsText(1234567)).toBe('12345.67');
    expect(centsToDollarsText(null)).toBe('');
  });

  it('accepts pasted amounts with $ and thousands separators, not negatives', () => {
    expect(sanitizeDollarsInput('$1,234.50')).toBe('1234.50');
    expect(sanitizeDollarsInput('-3')).toBeNull();
    expect(sanitizeDollarsInput('1.234')).toBeNull();
    expect(sanitizeDollarsInput('123456789')).toBeNull();
  });
});
