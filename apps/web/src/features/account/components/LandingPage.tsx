/**
 * The landing page (spec section 2, route /). It is the first thing most visitors download, so
 * it is plain React and CSS: no MUI, no emotion and no OIDC client. It renders from the entry
 * chunk; whoever shows it says what Sign Up and Login do (app/LandingRoute.tsx inside the app,
 * app/StandaloneLanding.tsx for an anonymous visitor before the app has loaded).
 */
import { Logo, LogoMark } from '../../../components/Logo';
import { HeroIllustration } from './HeroIllustration';
import './LandingPage.css';

/** Material icon outlines (24×24), drawn inline so the page needs no icon library. */
const ICON_PATHS = {
  upload:
    'M19.35 10.04C18.67 6.59 15.64 4 12 4 9.11 4 6.6 5.64 5.35 8.04 2.34 8.36 0 10.91 0 14c0 3.31 2.69 6 6 6h13c2.76 0 5-2.24 5-5 0-2.64-2.05-4.78-4.65-4.96M19 18H6c-2.21 0-4-1.79-4-4 0-2.05 1.53-3.76 3.56-3.97l1.07-.11.5-.95C8.08 7.14 9.94 6 12 6c2.62 0 4.88 1.86 5.39 4.43l.3 1.5 1.53.11c1.56.1 2.78 1.41 2.78 2.96 0 1.65-1.35 3-3 3M8 13h2.55v3h2.9v-3H16l-4-4z',
  tune: 'M3 17v2h6v-2zM3 5v2h10V5zm10 16v-2h8v-2h-8v-2h-2v6zM7 9v2H3v2h4v2h2V9zm14 4v-2H11v2zm-6-4h2V7h4V5h-4V3h-2z',
  cart: 'M15.55 13c.75 0 1.41-.41 1.75-1.03l3.58-6.49c.37-.66-.11-1.48-.87-1.48H5.21l-.94-2H1v2h2l3.6 7.59-1.35 2.44C4.52 15.37 5.48 17 7 17h12v-2H7l1.1-2zM6.16 6h12.15l-2.76 5H8.53zM7 18c-1.1 0-1.99.9-1.99 2S5.9 22 7 22s2-.9 2-2-.9-2-2-2m10 0c-1.1 0-1.99.9-1.99 2s.89 2 1.99 2 2-.9 2-2-.9-2-2-2',
  check: 'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m-2 15-5-5 1.41-1.41L10 14.17l7.59-7.59L19 8z',
};

function Icon({ path, className }: { path: string; className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={path} fill="currentColor" />
    </svg>
  );
}

const PROMISES = [
  {
    icon: ICON_PATHS.upload,
    title: 'Upload your catalog',
    text: 'Add your products with photos, order units, wholesale and retail prices. Your catalog becomes a private storefront for your retailers.',
  },
  {
    icon: ICON_PATHS.tune,
    title: 'Customize your terms',
    text: 'Set order minimums by item count and by order value, with separate rules for new and returning customers.',
  },
  {
    icon: ICON_PATHS.cart,
    title: 'Allow retailers to order online',
    text: 'Invite retailers by e-mail. They browse your store, fill a cart, choose shipping and pay by card, any time of day.',
  },
];

const STEPS = [
  { title: 'Create your store', text: 'Add your brand, products and wholesale terms.' },
  { title: 'Invite your retailers', text: 'Each invite opens your storefront to one customer.' },
  { title: 'Receive orders', text: 'Paid orders arrive ready to pack and ship.' },
];

export interface LandingPageProps {
  /** Sign Up: the provider's sign-up page, back to /details. */
  onSignUp: () => void;
  /** Login: the provider's sign-in page, back to the default return path. */
  onLogin: () => void;
  /** The browser is on its way to the sign-in page. */
  redirecting?: boolean;
  /** Shown above the hero (a failed sign-in redirect, an unreadable account). */
  problem?: string | null;
}

function AuthButtons({
  onSignUp,
  onLogin,
  large = false,
  inverted = false,
}: Pick<LandingPageProps, 'onSignUp' | 'onLogin'> & { large?: boolean; inverted?: boolean }) {
  const size = large ? ' lp-button-large' : '';
  return (
    <>
      <button
        type="button"
        className={`lp-button ${inverted ? 'lp-button-light' : 'lp-button-primary'}${size}`}
        onClick={onSignUp}
      >
        Sign Up
      </button>
      <button
        type="button"
        className={`lp-button ${inverted ? 'lp-button-ghost' : 'lp-button-outlined'}${size}`}
        onClick={onLogin}
      >
        Login
      </button>
    </>
  );
}

/** Full-page progress while the browser leaves for the sign-in page. */
export function LandingRedirecting({ label = 'Redirecting to sign in' }: { label?: string }) {
  return (
    <div className="lp lp-redirecting">
      {/* .boot-spinner is styled in index.html, which every page loads */}
      <div className="boot-spinner" role="progressbar" aria-label={label} />
      <p role="status">{label}</p>
    </div>
  );
}

export function LandingPage({ onSignUp, onLogin, redirecting = false, problem = null }: LandingPageProps) {
  if (redirecting) return <LandingRedirecting />;
  const buttons = { onSignUp, onLogin };

  return (
    <div className="lp">
      <header className="lp-header">
        <div className="lp-container lp-header-bar">
          <div className="lp-header-logo">
            <Logo height={28} />
          </div>
          <div className="lp-row">
            <AuthButtons {...buttons} />
          </div>
        </div>
      </header>

      <main className="lp-main">
        {problem && (
          <div className="lp-container lp-problem">
            <div className="lp-alert" role="alert">
              {problem}
            </div>
          </div>
        )}

        <section className="lp-hero" aria-labelledby="hero-title">
          <div className="lp-container lp-hero-grid">
            <div className="lp-stack">
              <p className="lp-overline">Wholesale ordering for brands and retailers</p>
              <h1 id="hero-title" className="lp-hero-title">
                Automate Your Wholesale
              </h1>
              <p className="lp-lead">
                Upload your catalog, customize your terms, and allow retailers to order online. One place for your
                products, your customers and their orders.
              </p>
              <div className="lp-actions">
                <AuthButtons {...buttons} large />
              </div>
              <div className="lp-note">
                <Icon path={ICON_PATHS.check} className="lp-note-icon" />
                <p>Sign up free. Set up your store at your own pace.</p>
              </div>
            </div>
            <div className="lp-hero-art">
              <HeroIllustration />
            </div>
          </div>
        </section>

        <section className="lp-container lp-section" aria-labelledby="features-title">
          <div className="lp-section-head">
            <p className="lp-overline">Why Cratebase</p>
            <h2 id="features-title" className="lp-section-title">
              Everything your wholesale business needs
            </h2>
            <p className="lp-section-text">
              Replace spreadsheets, phone calls and e-mailed order forms with a storefront made for repeat wholesale
              buyers.
            </p>
          </div>
          <div className="lp-grid">
            {PROMISES.map((item) => (
              <article key={item.title} className="lp-card">
                <div className="lp-card-icon" aria-hidden="true">
                  <Icon path={item.icon} />
                </div>
                <h3 className="lp-card-title">{item.title}</h3>
                <p className="lp-card-text">{item.text}</p>
              </article>
            ))}
          </div>
        </section>

        <section className="lp-steps" aria-labelledby="steps-title">
          <div className="lp-container lp-steps-inner">
            <h2 id="steps-title" className="lp-steps-title">
              Up and running in three steps
            </h2>
            <ol className="lp-step-list">
              {STEPS.map((step, index) => (
                <li key={step.title} className="lp-step">
                  <span className="lp-step-number" aria-hidden="true">
                    {index + 1}
                  </span>
                  <div>
                    <h3 className="lp-step-title">{step.title}</h3>
                    <p className="lp-step-text">{step.text}</p>
                  </div>
                </li>
              ))}
            </ol>
          </div>
        </section>

        <div className="lp-container lp-section">
          <section className="lp-cta" aria-labelledby="cta-title">
            <h2 id="cta-title" className="lp-cta-title">
              Sign up free
            </h2>
            <p className="lp-cta-text">Open your wholesale store today and invite your first retailers.</p>
            <div className="lp-actions lp-actions-center">
              <AuthButtons {...buttons} large inverted />
            </div>
          </section>
        </div>
      </main>

      <footer className="lp-footer">
        <div className="lp-container lp-footer-bar">
          <div className="lp-footer-brand">
            <LogoMark height={24} title="" />
            <p>Cratebase</p>
          </div>
          <p className="lp-footer-copy">© {new Date().getFullYear()} Cratebase. Wholesale ordering, simplified.</p>
        </div>
      </footer>
    </div>
  );
}

export default LandingPage;
