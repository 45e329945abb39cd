import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AGREE_TO_TERMS_TEXT, ConsentCheckboxes } from './ConsentCheckboxes';

describe('ConsentCheckboxes', () => {
  it('links the Terms and the privacy policy from the box that agrees to them', () => {
    render(<ConsentCheckboxes terms onTermsChange={() => {}} emails onEmailsChange={() => {}} />);

    expect(screen.getByRole('checkbox', { name: AGREE_TO_TERMS_TEXT })).toBeTruthy();
    const terms = screen.getByRole('link', { name: 'Terms' });
    const privacy = screen.getByRole('link', { name: 'privacy policy' });
    expect(terms.getAttribute('href')).toBe('/terms');
    expect(privacy.getAttribute('href')).toBe('/privacy');
    // A new tab: reading them does not lose the form.
    expect(terms.getAttribute('target')).toBe('_blank');
  });

  it('links them in a page’s own wording too, and the box still toggles', async () => {
    const onTermsChange = vi.fn();
    const label = 'By signing up, you agree to our Terms and privacy policy.';
    render(
      <ConsentCheckboxes
        terms={false}
        onTermsChange={onTermsChange}
        emails
        onEmailsChange={() => {}}
        termsLabel={label}
      />,
    );

    await userEvent.click(screen.getByRole('checkbox', { name: label }));
    expect(onTermsChange).toHaveBeenCalledWith(true);
    expect(screen.getByRole('link', { name: 'Terms' }).getAttribute('href')).toBe('/terms');
  });
});
