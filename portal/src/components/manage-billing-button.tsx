import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/api-error';
import { goTo, openBillingPortal } from '../api/payments';
import { showToast } from '../state/toasts';
import { Button } from './ui/button';

/** Opens the provider's customer portal (change card, cancel, invoices). */
export function useManageBilling() {
  const { t } = useTranslation();
  const [opening, setOpening] = useState(false);
  async function open() {
    setOpening(true);
    try {
      goTo((await openBillingPortal()).url);
    } catch (e) {
      setOpening(false);
      showToast({ title: t('payment.errorTitle'), description: e instanceof ApiError ? (e.serverMessage ?? e.message) : t('payment.unexpected'), variant: 'destructive' });
    }
  }
  return { open, opening };
}

export function ManageBillingButton({ className, variant = 'outline' }: { className?: string; variant?: 'outline' | 'primary' }) {
  const { t } = useTranslation();
  const { open, opening } = useManageBilling();
  return (
    <Button variant={variant} className={className} onClick={open} disabled={opening} aria-busy={opening}>{t('sub.manageBilling')}</Button>
  );
}
