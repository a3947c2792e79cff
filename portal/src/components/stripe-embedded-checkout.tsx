import { EmbeddedCheckout, EmbeddedCheckoutProvider } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';

const loaded = new Map<string, Promise<Stripe | null>>();

/** Stripe's Embedded Checkout (card, and Apple Pay / Google Pay where the browser offers them). Loaded on demand. */
export default function StripeEmbeddedCheckout({ publishableKey, clientSecret }: { publishableKey: string; clientSecret: string }) {
  if (!loaded.has(publishableKey)) loaded.set(publishableKey, loadStripe(publishableKey));
  return (
    <EmbeddedCheckoutProvider stripe={loaded.get(publishableKey)!} options={{ clientSecret }}>
      <EmbeddedCheckout className="min-h-[480px]" />
    </EmbeddedCheckoutProvider>
  );
}
