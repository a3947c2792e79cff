import type { AppConfig } from '../config/app-config';

/**
 * The Content-Security-Policy directives (helmet's form). Scripts, styles and connections are
 * this site's own: connect-src 'self' covers the API and the same-origin /ws socket, so an
 * injected script has nowhere else to send what it reads. Stripe's Embedded Checkout needs its
 * script, frames and API, which are allowed only when real Stripe payments are configured (the
 * test-mode checkout is our own page).
 */
export function contentSecurityDirectives(config: { payments: Pick<AppConfig['payments'], 'mode'> }): Record<string, string[] | null> {
  const stripe = config.payments.mode === 'stripe';
  return {
    defaultSrc: ["'self'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    mediaSrc: ["'self'", 'data:', 'blob:'],
    connectSrc: ["'self'", ...(stripe ? ['https://api.stripe.com'] : [])],
    styleSrc: ["'self'", "'unsafe-inline'"],
    scriptSrc: ["'self'", ...(stripe ? ['https://js.stripe.com'] : [])],
    // The landing page's demo video; Stripe's checkout frames when Stripe is on.
    frameSrc: ["'self'", 'https://www.youtube-nocookie.com', ...(stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com', 'https://checkout.stripe.com'] : [])],
    upgradeInsecureRequests: null,
  };
}
