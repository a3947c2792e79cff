import { useTranslation } from 'react-i18next';
import { PublicLayout } from '../components/public-layout';

export function AboutPage() {
  const { t } = useTranslation();
  const blocks = ['mission', 'story', 'team', 'contact'] as const;
  return (
    <PublicLayout>
      <section className="container-page max-w-3xl pb-20 pt-32 md:pt-40">
        <h1 className="mb-10 text-4xl font-extrabold tracking-tight text-fg md:text-5xl">{t('about.title')}</h1>
        <div className="flex flex-col gap-6">
          {blocks.map((b) => (
            <article key={b} className="rounded-2xl border border-border bg-surface p-6 shadow-card">
              <h2 className="text-xl font-semibold text-fg">{t(`about.${b}`)}</h2>
              <p className="mt-2 leading-relaxed text-fg-muted">{t(`about.${b}Text`)}</p>
            </article>
          ))}
        </div>
      </section>
    </PublicLayout>
  );
}
