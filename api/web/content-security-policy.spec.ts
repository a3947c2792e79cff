import { contentSecurityDirectives } from './content-security-policy';

describe('contentSecurityDirectives', () => {
  it("connects, scripts and frames to this site only, unless real Stripe payments need Stripe's", () => {
    for (const mode of ['test', 'off'] as const) {
      const csp = contentSecurityDirectives({ payments: { mode } });
      expect(csp.connectSrc).toEqual(["'self'"]);
      expect(csp.scriptSrc).toEqual(["'self'"]);
      expect(JSON.stringify(csp)).not.toContain('stripe');
    }
    const withStripe = contentSecurityDirectives({ payments: { mode: 'stripe' } });
    expect(withStripe.connectSrc).toEqual(["'self'", 'https://api.stripe.com']);
    expect(withStripe.scriptSrc).toEqual(["'self'", 'https://js.stripe.com']);
  });
});
