import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { atPhoneWidth } from '../test/phone-width';
import { ToastSnackbar } from './ToastSnackbar';

const toast = () => (
  <ToastSnackbar open message="Order CB-000001 cancelled." severity="success" durationMs={5000} onClose={() => {}} />
);

describe('ToastSnackbar', () => {
  it('sits at the bottom on a wide screen', () => {
    render(toast());
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Order CB-000001 cancelled.');
    expect(alert.closest('.MuiSnackbar-anchorOriginBottomCenter')).not.toBeNull();
  });

  it('sits at the top at phone width, clear of a full-screen dialog’s buttons', () => {
    atPhoneWidth();
    render(toast());
    expect(screen.getByRole('alert').closest('.MuiSnackbar-anchorOriginTopCenter')).not.toBeNull();
  });
});
