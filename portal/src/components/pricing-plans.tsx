import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Language } from '../api/types';
import { formatPrice } from '../lib/format-price';
import { PREMIUM_MONTHLY_EUR, PREMIUM_YEARLY_EUR, yearlySavingPercent, type BillingCycle } from '../lib/pricing';
import { language } from '../state/language';
import { useSignalValue } from '../state/use-signal-value';
import { Badge } from './ui/badge';
import { buttonClasses } from './ui/button';
import { cn } from './ui/cn';
import { CheckIcon } from './ui/icons';

export function BillingToggle({ value, onChange }: { value: BillingCycle; onChange: (v: BillingCycle) => void }) {
  const { t } = useTranslation();
  const option = (cycle: BillingCycle, label: string) => (
    <button
      type="button"
      role="radio"
      aria-checked={value === cycle}
      onClick={() => onChange(cycle)}
      className={cn(
        'flex cursor-pointer items-center gap-2 rounded-full px-5 py-2 text-sm font-semibold transition-colors',
        value === cycle ? 'bg-bg-elevated text-fg shadow-sm' : 'text-fg-muted hover:text-fg',
      )}
    >
      {label}
      {cycle === 'yearly' && <Badge tone="success">{t('pricing.save', { percent: yearlySavingPercent() })}</Badge>}
    </button>
  );
  return (
    <div role="radiogroup" aria-label={t('sub.billing')} className="inline-flex rounded-full bg-surface-muted p-1">
      {option('monthly', t('pricing.monthly'))}
      {option('yearly', t('pricing.yearly'))}
    </div>
  );
}

interface PricingPlansProps {
  billing: BillingCycle;
  /** Where each plan's button goes. */
  basicHref: string;
  premiumHref: string;
  /** When set, the Premium button opens the payment flow instead of following premiumHref. */
  onChoosePremium?: () => void;
  premiumDisabled?: boolean;
  currentPlan?: string | null;
}

function Features({ items }: { items: string[] }) {
  return (
    <ul className="flex flex-col gap-3">
      {items.map((f) => (
        <li key={f} className="flex items-start gap-3 text-sm text-fg">
          <span className="mt-0.5 flex h-5 w-5 flex-none items-center justify-center rounded-full bg-primary-soft text-primary-soft-fg">
            <CheckIcon className="h-3.5 w-3.5" />
          </span>
          {f}
        </li>
      ))}
    </ul>
  );
}

export function PricingPlans({ billing, basicHref, premiumHref, onChoosePremium, premiumDisabled, currentPlan }: PricingPlansProps) {
  const { t } = useTranslation();
  const lang = useSignalValue(language) as Language;
  const premiumPrice = billing === 'yearly' ? PREMIUM_YEARLY_EUR : PREMIUM_MONTHLY_EUR;
  const isBasic = currentPlan === 'basic' || currentPlan === 'free';
  const isPremium = currentPlan === 'premium';
  return (
    <div className="mx-auto grid grid-cols-1 max-w-4xl gap-6 md:grid-cols-2">
      <article className="flex flex-col gap-6 rounded-3xl border border-border bg-surface p-7 shadow-card" aria-labelledby="plan-basic">
        <div>
          <h3 id="plan-basic" className="text-xl font-semibold text-fg">{t('pricing.basic.name')}</h3>
          <p className="mt-1 text-sm text-fg-muted">{t('pricing.basic.description')}</p>
        </div>
        <p className="flex items-baseline gap-1">
          <span className="text-4xl font-bold tracking-tight text-fg">{t('pricing.basic.price')}</span>
        </p>
        <Features items={t('pricing.basic.features', { returnObjects: true }) as string[]} />
        <div className="mt-auto">
          {isBasic ? (
            <span className={buttonClasses('secondary', 'md', 'w-full cursor-default')}>{t('pricing.currentPlan')}</span>
          ) : (
            <Link href={basicHref} className={buttonClasses('outline', 'md', 'w-full')}>
              {t('pricing.chooseBasic')}
            </Link>
          )}
        </div>
      </article>
      <article
        className="relative flex flex-col gap-6 rounded-3xl border-2 border-primary bg-surface p-7 shadow-pop"
        aria-labelledby="plan-premium"
      >
        <Badge tone="success" className="absolute -top-3 right-6 px-3 py-1">
          {t('pricing.premium.badge')}
        </Badge>
        <div>
          <h3 id="plan-premium" className="text-xl font-semibold text-fg">{t('pricing.premium.name')}</h3>
          <p className="mt-1 text-sm text-fg-muted">{t('pricing.premium.description')}</p>
        </div>
        <div>
          <p className="flex items-baseline gap-1">
            <span className="text-4xl font-bold tracking-tight text-fg" data-testid="premium-price">
              {formatPrice(premiumPrice, lang)}
            </span>
            <span className="text-sm text-fg-muted">{billing === 'yearly' ? t('common.perYear') : t('common.perMonth')}</span>
          </p>
          <p className="mt-1 text-xs text-fg-muted">
            {billing === 'yearly'
              ? t('pricing.billedYearly', { price: formatPrice(PREMIUM_YEARLY_EUR, lang) })
              : t('pricing.billedMonthly')}
          </p>
        </div>
        <Features items={t('pricing.premium.features', { returnObjects: true }) as string[]} />
        <div className="mt-auto">
          {isPremium ? (
            <span className={buttonClasses('secondary', 'md', 'w-full cursor-default')}>{t('pricing.currentPlan')}</span>
          ) : onChoosePremium ? (
            <button type="button" onClick={onChoosePremium} disabled={premiumDisabled} className={buttonClasses('primary', 'md', 'w-full disabled:cursor-not-allowed disabled:opacity-50')}>
              {t('pricing.choosePremium')}
            </button>
          ) : (
            <Link href={premiumHref} className={buttonClasses('primary', 'md', 'w-full')}>
              {t('pricing.choosePremium')}
            </Link>
          )}
        </div>
      </article>
    </div>
  );
}
