import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { usePublicConfigQuery } from '../api/public-config';
import { ChatMock } from '../components/chat-mock';
import { DemoVideoDialog } from '../components/demo-video-dialog';
import { MessagingLinkForm } from '../components/messaging-link-form';
import { BillingToggle, PricingPlans } from '../components/pricing-plans';
import { PublicLayout } from '../components/public-layout';
import { SECTION_IDS } from '../components/site-header';
import { buttonClasses } from '../components/ui/button';
import {
  ArrowRightIcon,
  BellIcon,
  CheckIcon,
  ChevronDownIcon,
  ClockIcon,
  GlobeIcon,
  MessageIcon,
  MicIcon,
  PlayCircleIcon,
  ShieldCheckIcon,
  SparklesIcon,
} from '../components/ui/icons';
import { whatsappChatUrl } from '../components/whatsapp-button';
import type { BillingCycle } from '../lib/pricing';
import { currentUser } from '../state/session';
import { useSignalValue } from '../state/use-signal-value';

function SectionHeading({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <div className="mx-auto mb-12 max-w-2xl text-center">
      <h2 className="text-3xl font-bold tracking-tight text-fg md:text-4xl">{title}</h2>
      {subtitle && <p className="mt-4 text-lg leading-relaxed text-fg-muted">{subtitle}</p>}
    </div>
  );
}

function FeatureCard({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-6 shadow-card">
      <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-primary-soft text-primary-soft-fg">{icon}</span>
      <h3 className="text-lg font-semibold text-fg">{title}</h3>
      <p className="text-sm leading-relaxed text-fg-muted">{text}</p>
    </div>
  );
}

export function LandingPage() {
  const { t } = useTranslation();
  const user = useSignalValue(currentUser);
  const config = usePublicConfigQuery();
  const [demoOpen, setDemoOpen] = useState(false);
  const [billing, setBilling] = useState<BillingCycle>('yearly');
  const registerHref = '/auth?tab=register';
  const ctaHref = user ? '/dashboard' : registerHref;
  const icon = 'h-5 w-5';

  const demoButton = (label: string) => (
    <button type="button" onClick={() => setDemoOpen(true)} className={buttonClasses('outline', 'lg')}>
      <PlayCircleIcon className="h-5 w-5" />
      {label}
    </button>
  );

  return (
    <PublicLayout>
      {/* Hero */}
      <section className="relative overflow-hidden pb-20 pt-32 md:pt-40">
        <div
          aria-hidden
          className="pointer-events-none absolute -top-40 left-1/2 h-[36rem] w-[60rem] -translate-x-1/2 rounded-full opacity-40 blur-3xl"
          style={{ background: 'radial-gradient(closest-side, var(--primary), transparent)' }}
        />
        <div className="container-page relative grid grid-cols-1 items-center gap-14 nav:grid-cols-[1.15fr_1fr]">
          <div className="flex flex-col items-start gap-6">
            <span className="inline-flex items-center gap-2 rounded-full border border-border bg-surface px-3 py-1 text-sm font-medium text-fg-muted">
              <SparklesIcon className="h-4 w-4 text-accent" />
              {t('hero.eyebrow')}
            </span>
            <h1 className="text-[2.125rem] font-extrabold leading-[1.08] tracking-tight text-fg sm:text-4xl md:text-5xl">
              {t('hero.title')}
            </h1>
            <p className="max-w-xl text-lg leading-relaxed text-fg-muted">{t('hero.subtitle')}</p>
            <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
              <Link href={ctaHref} className={buttonClasses('primary', 'lg')}>
                {user ? t('cta.buttonSignedIn') : t('hero.ctaPrimary')}
                <ArrowRightIcon className="h-5 w-5" />
              </Link>
              {demoButton(t('hero.ctaDemo'))}
            </div>
            <p className="flex items-center gap-2 text-sm text-fg-muted">
              <ShieldCheckIcon className="h-4 w-4 text-primary" />
              {t('hero.trust')}
            </p>
          </div>
          <div className="relative mx-auto w-full max-w-sm">
            <div aria-hidden className="absolute -inset-6 rotate-3 rounded-[2.5rem] bg-gradient-to-br from-primary/25 to-accent/20 blur-2xl" />
            <ChatMock className="relative" />
          </div>
        </div>
      </section>

      {/* Why choose */}
      <section id={SECTION_IDS.whyChoose} className="py-20">
        <div className="container-page">
          <SectionHeading title={t('why.title')} subtitle={t('why.subtitle')} />
          <div className="grid grid-cols-1 gap-5 sm:grid-cols-2 nav:grid-cols-4">
            <FeatureCard icon={<MicIcon className={icon} />} title={t('why.items.voice.title')} text={t('why.items.voice.text')} />
            <FeatureCard icon={<MessageIcon className={icon} />} title={t('why.items.whatsapp.title')} text={t('why.items.whatsapp.text')} />
            <FeatureCard icon={<GlobeIcon className={icon} />} title={t('why.items.timezone.title')} text={t('why.items.timezone.text')} />
            <FeatureCard icon={<ShieldCheckIcon className={icon} />} title={t('why.items.confirm.title')} text={t('why.items.confirm.text')} />
          </div>
          <div className="mt-10 flex justify-center">
            <Link href={registerHref} className={buttonClasses('primary', 'md')}>
              {t('why.cta')}
            </Link>
          </div>
        </div>
      </section>

      {/* How it works */}
      <section id={SECTION_IDS.howItWorks} className="bg-bg-elevated py-20">
        <div className="container-page">
          <SectionHeading title={t('how.title')} subtitle={t('how.subtitle')} />
          <ol className="grid grid-cols-1 gap-6 md:grid-cols-3">
            {(['one', 'two', 'three'] as const).map((step, i) => (
              <li key={step} className="relative flex flex-col gap-3 rounded-2xl border border-border bg-surface p-7 shadow-card">
                <span className="flex h-10 w-10 items-center justify-center rounded-full bg-primary text-lg font-bold text-primary-fg">
                  {i + 1}
                </span>
                <h3 className="text-lg font-semibold text-fg">{t(`how.steps.${step}.title`)}</h3>
                <p className="text-sm leading-relaxed text-fg-muted">{t(`how.steps.${step}.text`)}</p>
              </li>
            ))}
          </ol>
          <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
            <Link href={registerHref} className={buttonClasses('primary', 'lg')}>
              {t('how.ctaRegister')}
            </Link>
            {demoButton(t('how.ctaDemo'))}
          </div>
        </div>
      </section>

      {/* Pricing */}
      <section id={SECTION_IDS.pricing} className="py-20">
        <div className="container-page">
          <SectionHeading title={t('pricing.title')} subtitle={t('pricing.subtitle')} />
          <div className="mb-10 flex justify-center">
            <BillingToggle value={billing} onChange={setBilling} />
          </div>
          <PricingPlans
            billing={billing}
            basicHref={user ? '/dashboard' : registerHref}
            premiumHref={user ? `/checkout?plan=premium&billing=${billing}` : registerHref}
          />
          <p className="mt-6 text-center text-sm text-fg-muted">{t('pricing.trialNote')}</p>
        </div>
      </section>

      {/* Features */}
      <section id={SECTION_IDS.features} className="bg-bg-elevated py-20">
        <div className="container-page">
          <SectionHeading title={t('features.title')} subtitle={t('features.subtitle')} />
          <div className="grid grid-cols-1 gap-5 sm:grid-cols-2 nav:grid-cols-3">
            <FeatureCard icon={<MicIcon className={icon} />} title={t('features.items.voice.title')} text={t('features.items.voice.text')} />
            <FeatureCard icon={<BellIcon className={icon} />} title={t('features.items.smart.title')} text={t('features.items.smart.text')} />
            <FeatureCard icon={<MessageIcon className={icon} />} title={t('features.items.messaging.title')} text={t('features.items.messaging.text')} />
            <FeatureCard icon={<GlobeIcon className={icon} />} title={t('features.items.multilingual.title')} text={t('features.items.multilingual.text')} />
            <FeatureCard icon={<ClockIcon className={icon} />} title={t('features.items.timezone.title')} text={t('features.items.timezone.text')} />
            <div className="flex flex-col justify-center gap-3 rounded-2xl bg-primary p-6 text-primary-fg">
              <p className="text-lg font-semibold">{t('cta.title')}</p>
              <Link href={ctaHref} className="inline-flex items-center gap-2 text-sm font-semibold underline-offset-4 hover:underline">
                {user ? t('cta.buttonSignedIn') : t('cta.button')}
                <ArrowRightIcon className="h-4 w-4" />
              </Link>
            </div>
          </div>
        </div>
      </section>

      {/* FAQ */}
      <section id={SECTION_IDS.faq} className="py-20">
        <div className="container-page max-w-3xl">
          <SectionHeading title={t('faq.title')} />
          <div className="flex flex-col gap-3">
            {(['q1', 'q2', 'q3', 'q4', 'q5'] as const).map((q) => (
              <details key={q} className="group rounded-2xl border border-border bg-surface px-5 py-4 shadow-card">
                <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-semibold text-fg">
                  {t(`faq.items.${q}.q`)}
                  <ChevronDownIcon className="h-5 w-5 flex-none text-fg-muted transition-transform group-open:rotate-180" />
                </summary>
                <p className="mt-3 text-sm leading-relaxed text-fg-muted">{t(`faq.items.${q}.a`)}</p>
              </details>
            ))}
          </div>
        </div>
      </section>

      {/* Get started + call to action band */}
      <section id={SECTION_IDS.getStarted} className="pb-24">
        <div className="container-page">
          <div className="relative overflow-hidden rounded-[2rem] bg-gradient-to-br from-[#064e3b] to-[#0f766e] px-4 py-12 sm:px-6 text-white shadow-pop md:px-14">
            <div aria-hidden className="absolute -right-24 -top-24 h-72 w-72 rounded-full bg-accent/30 blur-3xl" />
            <div className="relative grid grid-cols-1 items-center gap-10 nav:grid-cols-2">
              <div className="flex flex-col gap-4">
                <h2 className="text-3xl font-bold tracking-tight md:text-4xl">{t('cta.title')}</h2>
                <p className="text-lg text-white/80">{t('cta.text')}</p>
                <ul className="flex flex-col gap-2 text-sm text-white/90">
                  {(t('pricing.premium.features', { returnObjects: true }) as string[]).slice(0, 3).map((f) => (
                    <li key={f} className="flex items-center gap-2">
                      <CheckIcon className="h-4 w-4 text-accent" />
                      {f}
                    </li>
                  ))}
                </ul>
                <div>
                  <Link href={ctaHref} className="inline-flex h-13 w-full items-center justify-center gap-2 whitespace-nowrap rounded-full bg-white px-7 font-semibold text-[#064e3b] transition-colors hover:bg-white/90 sm:w-auto">
                    {user ? t('cta.buttonSignedIn') : t('cta.button')}
                    <ArrowRightIcon className="h-5 w-5" />
                  </Link>
                </div>
              </div>
              <div className="rounded-2xl bg-white/95 p-4 text-[#0d1b18] sm:p-6 dark:bg-bg-elevated dark:text-fg">
                <h3 className="text-lg font-semibold">{t('getStarted.title')}</h3>
                <p className="mb-4 mt-1 text-sm opacity-75">{t('getStarted.text')}</p>
                <MessagingLinkForm />
                {config.data?.whatsappNumber && (
                  <a
                    className="mt-2 inline-block text-sm font-semibold text-primary underline-offset-4 hover:underline"
                    href={whatsappChatUrl(config.data.whatsappNumber, t('whatsapp.greeting'))}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    {t('getStarted.openChat')}
                  </a>
                )}
              </div>
            </div>
          </div>
        </div>
      </section>
      <DemoVideoDialog open={demoOpen} onOpenChange={setDemoOpen} />
    </PublicLayout>
  );
}
