import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { AppTopBar } from '../components/app-top-bar';
import { buttonClasses } from '../components/ui/button';
import { Card, CardBody } from '../components/ui/card';

/** Placeholder until payments open: without a session id or success flag it is the generic error. */
export function PaymentSuccessPage() {
  const { t } = useTranslation();
  const params = new URLSearchParams(useSearch());
  const valid = Boolean(params.get('session_id')) && params.get('payment') === 'success';
  return (
    <div className="flex min-h-screen flex-col">
      <AppTopBar />
      <main id="main" className="container-page flex-1 py-16">
        <Card className="mx-auto max-w-lg">
          <CardBody className="flex flex-col gap-4 text-center">
            <h1 className="text-2xl font-bold text-fg">{t('paymentSuccess.title')}</h1>
            {valid ? (
              <>
                <p className="font-semibold text-fg">{t('paymentSuccess.pendingTitle')}</p>
                <p className="text-sm text-fg-muted">{t('paymentSuccess.pendingText')}</p>
              </>
            ) : (
              <p role="alert" className="text-sm text-danger">{t('paymentSuccess.missing')}</p>
            )}
            <Link href="/dashboard" className={buttonClasses('primary', 'md', 'self-center')}>{t('common.backToDashboard')}</Link>
          </CardBody>
        </Card>
      </main>
    </div>
  );
}
