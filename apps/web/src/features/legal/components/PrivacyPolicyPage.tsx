import { usePageTitle } from '../../../lib/use-page-title';
import { LegalPage } from './LegalPage';

export const PRIVACY_TITLE = 'Privacy Policy';

/** /privacy: what this Cratebase instance stores and why, in plain words. */
export function PrivacyPolicyPage() {
  usePageTitle(PRIVACY_TITLE);
  return (
    <LegalPage
      title={PRIVACY_TITLE}
      intro="This copy of Cratebase is run by its operator, the business or person who installed it and gave you access. The operator decides where it runs and is responsible for the data it holds. This page says what that data is."
      other={{ to: '/terms', label: 'Terms of Service' }}
      sections={[
        {
          heading: 'What is stored',
          body: (
            <>
              <p>
                Your account: your e-mail address, your name and a scrambled (hashed) form of your password, never the
                password itself.
              </p>
              <p>
                Your organizations: business names, descriptions, logos and cover photos, addresses, catalogs and
                terms.
              </p>
              <p>
                Orders and what they need: carts, shipping addresses, amounts, tracking numbers, invoices, and the
                e-mail addresses of the people a seller invites.
              </p>
            </>
          ),
        },
        {
          heading: 'Why',
          body: (
            <p>
              Only to run the service: to sign you in, show sellers&rsquo; stores to the buyers they invited, take and
              fulfil orders, and send the e-mails that go with them (invitations, order confirmations, tracking). Your
              data is not sold and is not used for advertising.
            </p>
          ),
        },
        {
          heading: 'Who sees it',
          body: (
            <p>
              A seller sees the orders placed with it and the details of the buyers who order from it. A buyer sees the
              stores it was invited to and its own orders. The operator can see what the instance stores.
            </p>
          ),
        },
        {
          heading: 'Payments',
          body: (
            <p>
              Card payments and payouts go through the payment provider this instance is configured with. Card and bank
              details are entered with that provider and kept by it under its own privacy policy. Cratebase keeps only
              what it needs to show them: a payment&rsquo;s status and amount, and a linked bank account&rsquo;s name,
              bank and last digits.
            </p>
          ),
        },
        {
          heading: 'Cookies',
          body: (
            <p>
              Cookies and browser storage are used only to keep you signed in and to remember choices such as the
              organization you last opened. There are no advertising or tracking cookies.
            </p>
          ),
        },
        {
          heading: 'Your choices',
          body: (
            <p>
              To see, correct or delete your data, or for any question about it, contact the operator of this instance:
              the business that invited you or gave you access.
            </p>
          ),
        },
      ]}
    />
  );
}

export default PrivacyPolicyPage;
