import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QuantityControl } from './QuantityControl';

function Controlled({ start = 0, ...props }: { start?: number; min?: number; max?: number; disabled?: boolean }) {
  const [value, setValue] = useState(start);
  return <QuantityControl label="Widget" value={value} onChange={setValue} {...props} />;
}

const minus = () => screen.getByRole('button', { name: 'Decrease quantity of Widget' });
const plus = () => screen.getByRole('button', { name: 'Increase quantity of Widget' });
const shown = () => within(screen.getByRole('group', { name: 'Widget' })).getByRole('status').textContent;

describe('QuantityControl', () => {
  it('is a group labelled with the product, with named buttons and the value announced politely', () => {
    render(<QuantityControl label="Widget" value={3} onChange={() => undefined} />);
    const group = screen.getByRole('group', { name: 'Widget' });
    const value = within(group).getByRole('status');
    expect(value.textContent).toBe('3');
    expect(value.getAttribute('aria-live')).toBe('polite');
    expect(within(group).getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([
      'Decrease quantity of Widget',
      'Increase quantity of Widget',
    ]);
  });

  it('steps by one with the buttons and stops at the limits', async () => {
    const user = userEvent.setup();
    render(<Controlled start={1} min={0} max={2} />);
    await user.click(plus());
    expect(shown()).toBe('2');
    expect((plus() as HTMLButtonElement).disabled).toBe(true);
    await user.click(minus());
    await user.click(minus());
    expect(shown()).toBe('0');
    expect((minus() as HTMLButtonElement).disabled).toBe(true);
    expect((plus() as HTMLButtonElement).disabled).toBe(false);
  });

  it('disables both buttons while disabled', () => {
    const onChange = vi.fn();
    render(<QuantityControl label="Widget" value={2} onChange={onChange} disabled />);
    expect((minus() as HTMLButtonElement).disabled).toBe(true);
    expect((plus() as HTMLButtonElement).disabled).toBe(true);
  });

  it('works from the keyboard: Tab, Enter and Space, Arrow Up and Down', async () => {
    const user = userEvent.setup();
    render(<Controlled start={0} />);
    // The minus is disabled at 0: the first Tab lands on the plus.
    await user.tab();
    expect(document.activeElement).toBe(plus());
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(shown()).toBe('2');
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowDown}');
    expect(shown()).toBe('3');
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(minus());
    await user.keyboard('{Enter}{Enter}{Enter}');
    expect(shown()).toBe('0');
    // The minus became disabled under the keyboard focus: the focus moved to the plus.
    expect(document.activeElement).toBe(plus());
    await user.keyboard('{ArrowDown}');
    expect(shown()).toBe('0');
  });

  it('respects a minimum above zero', async () => {
    const user = userEvent.setup();
    render(<Controlled start={2} min={1} />);
    await user.click(minus());
    expect(shown()).toBe('1');
    expect((minus() as HTMLButtonElement).disabled).toBe(true);
  });
});
