import type { OnboardingStatus } from '@cratebase/contract';

export interface WelcomeStep {
  number: number;
  title: string;
  description: string;
  /** Path under /app/{org_id}/. */
  path: string;
  action: string;
  done: boolean;
}

/** The six steps of the welcome checklist (spec section 2) and whether each one is done. */
export function welcomeSteps(status: OnboardingStatus | undefined): WelcomeStep[] {
  const s = status;
  return [
    {
      number: 1,
      title: 'Customize Your Store',
      description: 'Add your logo, a cover photo and a slogan so retailers recognise your brand.',
      path: 'onboarding',
      action: 'Customize',
      done: Boolean(s?.has_description && s.has_splash_image),
    },
    {
      number: 2,
      title: 'Set Up Payments',
      description: 'Connect a payment account so retailers can pay by card at checkout.',
      path: 'organization/onboarding/stripe-connect',
      action: 'Set up payments',
      done: Boolean(s?.has_payment_info),
    },
    {
      number: 3,
      title: 'Add Your Products',
      description: 'Build your catalog with photos, order units and wholesale prices.',
      path: 'products',
      action: 'Add products',
      done: (s?.product_count ?? 0) > 0,
    },
    {
      number: 4,
      title: 'Add Your Wholesale Terms',
      description: 'Set order minimums for new and returning customers.',
      path: 'terms',
      action: 'Add terms',
      done: Boolean(s?.has_wholesale_terms),
    },
    {
      number: 5,
      title: 'Invite Your Customers',
      description: 'Send invitations by e-mail; each one opens your storefront to a retailer.',
      path: 'invites',
      action: 'Invite customers',
      done: Boolean(s?.has_customers),
    },
    {
      number: 6,
      title: 'Add Shipping Details',
      description: 'Add your shipping address and package size so shipping can be quoted.',
      path: 'onboarding',
      action: 'Add shipping details',
      done: Boolean(s?.has_address),
    },
  ];
}
