import type { OnboardingStatus, Organization } from '@cratebase/contract';
import { formatCents } from '../../../lib/format';

export interface WelcomeStep {
  number: number;
  title: string;
  description: string;
  /** Path under /app/{org_id}/. */
  path: string;
  action: string;
  done: boolean;
  /** The button once done: it leads to where the step was done, to see or change it. */
  doneAction: string;
  /**
   * Path under /app/{org_id}/ of that place once done; null: the same as before (step 6's
   * dialog edits the saved address and package).
   */
  donePath: string | null;
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
      doneAction: 'Edit store',
      donePath: 'onboarding',
      done: Boolean(s?.has_description && s.has_splash_image),
    },
    {
      number: 2,
      title: 'Set Up Payments',
      description: 'Connect a payment account so retailers can pay by card at checkout.',
      path: 'organization/onboarding/stripe-connect',
      action: 'Set up payments',
      doneAction: 'View payments',
      donePath: 'organization/onboarding/stripe-connect',
      done: Boolean(s?.has_payment_info),
    },
    {
      number: 3,
      title: 'Add Your Products',
      description: 'Build your catalog with photos, order units and wholesale prices.',
      path: 'products',
      action: 'Add products',
      doneAction: 'View products',
      donePath: 'products',
      done: (s?.product_count ?? 0) > 0,
    },
    {
      number: 4,
      title: 'Add Your Wholesale Terms',
      description: 'Set order minimums for new and returning customers.',
      path: 'terms',
      action: 'Add terms',
      doneAction: 'Edit terms',
      donePath: 'terms',
      done: Boolean(s?.has_wholesale_terms),
    },
    {
      number: 5,
      title: 'Invite Your Customers',
      description: 'Send invitations by e-mail; each one opens your storefront to a retailer.',
      path: 'invites',
      action: 'Invite customers',
      doneAction: 'View invites',
      donePath: 'invites',
      done: Boolean(s?.has_customers),
    },
    {
      number: 6,
      title: 'Add Shipping Details',
      description: 'Add your shipping address and package size so shipping can be quoted.',
      path: 'onboarding',
      action: 'Add shipping details',
      doneAction: 'Edit shipping details',
      donePath: null,
      done: Boolean(s?.has_address),
    },
  ];
}

/** What the welcome page knows about a finished step, beyond the set-up status. */
export interface StepFacts {
  status: OnboardingStatus | undefined;
  organization?: Organization | undefined;
  /** Invites on the first page of the invites list, and whether there are more. */
  invites?: { count: number; more: boolean } | undefined;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function minimumsText(items: number | null, cents: number | null): string {
  const parts = [items ? plural(items, 'item') : null, cents ? formatCents(cents) : null].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : 'no minimum';
}

/**
 * One short line saying what was done for a finished step ("3 products", "Payments active");
 * null for a step that is not done.
 */
export function stepSummary(step: Pick<WelcomeStep, 'number' | 'done'>, facts: StepFacts): string | null {
  if (!step.done) return null;
  const { status, organization, invites } = facts;
  switch (step.number) {
    case 1:
      return organization?.image_set.logo ? 'Logo, cover photo and slogan added' : 'Cover photo and slogan added';
    case 2:
      return 'Payments active';
    case 3:
      return plural(status?.product_count ?? 0, 'product');
    case 4: {
      const terms = organization?.order_terms;
      if (!terms) return 'Order minimums set';
      return `New customers: ${minimumsText(terms.new_customer_min, terms.new_customer_min_cents)} · Returning: ${minimumsText(terms.returning_customer_min, terms.returning_customer_min_cents)}`;
    }
    case 5:
      if (!invites) return 'Customers invited';
      return invites.more ? `${invites.count}+ invites sent` : plural(invites.count, 'invite') + ' sent';
    case 6: {
      const address = organization?.address;
      return address ? `Ships from ${address.city}, ${address.state}` : 'Shipping address added';
    }
    default:
      return null;
  }
}
