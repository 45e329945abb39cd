import { usePageTitle } from '../../../lib/use-page-title';
import { LegalPage } from './LegalPage';

export const TERMS_TITLE = 'Terms of Service';

/** /terms: what using this Cratebase instance means, in plain words. */
export function TermsOfServicePage() {
  usePageTitle(TERMS_TITLE);
  return (
    <LegalPage
      title={TERMS_TITLE}
      intro="Cratebase is wholesale ordering software: sellers publish their catalog and terms, and the retailers they invite order from them online. This copy of Cratebase is run by its operator, the business or person who installed it and gave you access. These terms apply between you and that operator."
      other={{ to: '/privacy', label: 'Privacy Policy' }}
      sections={[
        {
          heading: 'Your account',
          body: (
            <>
              <p>
                You sign in with an e-mail address and a password. Keep your password to yourself: what is done with
                your account is done in your name. Give your business&rsquo;s real name, so the sellers and buyers you
                trade with know who you are.
              </p>
            </>
          ),
        },
        {
          heading: 'Sellers and buyers',
          body: (
            <>
              <p>
                A seller is responsible for its catalog, prices, minimum orders, shipping and the goods it sells. A
                buyer is responsible for the orders it places. An order is an agreement between the seller and the
                buyer; the operator of this instance is not a party to it.
              </p>
            </>
          ),
        },
        {
          heading: 'Payments',
          body: (
            <p>
              Card payments and payouts are handled by the payment provider this instance is configured with. Card
              details go to that provider, not to Cratebase, and its own terms apply to the payment.
            </p>
          ),
        },
        {
          heading: 'Acceptable use',
          body: (
            <p>
              Use Cratebase for lawful trade only. Do not upload content you have no right to, try to reach other
              businesses&rsquo; data, or disrupt the service. The operator may suspend an account that does.
            </p>
          ),
        },
        {
          heading: 'The service',
          body: (
            <p>
              The operator runs this instance as it is and may change or stop it. Keep your own records of orders that
              matter to your business.
            </p>
          ),
        },
        {
          heading: 'Questions',
          body: (
            <p>
              For anything about these terms or your account, contact the operator of this instance: the business that
              invited you or gave you access.
            </p>
          ),
        },
      ]}
    />
  );
}

export default TermsOfServicePage;
