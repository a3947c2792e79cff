import { Info } from 'luxon';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { RepeatChoice, WeekdayCode } from '../../api/types';
import { cn } from '../ui/cn';

export const REPEAT_CHOICES: RepeatChoice[] = ['none', 'daily', 'weekdays', 'weekly', 'monthly', 'yearly'];
export const WEEKDAYS: WeekdayCode[] = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];

/** What the form sends: a choice the server turns into a rule, or a rule understood from a sentence. */
export type RepeatValue =
  | { kind: 'choice'; repeat: RepeatChoice; days: WeekdayCode[] }
  | { kind: 'rule'; rrule: string; description: string };

export const NO_REPEAT: RepeatValue = { kind: 'choice', repeat: 'none', days: [] };

interface RepeatControlProps {
  value: RepeatValue;
  onChange: (value: RepeatValue) => void;
  /** A rule read from the "just say it" box that the choices cannot show, kept as one more option. */
  custom?: { rrule: string; description: string } | null;
  locale: 'fr' | 'en';
  error?: string | null;
}

const chip = (on: boolean) =>
  cn(
    'inline-flex h-9 cursor-pointer select-none items-center rounded-full border px-3.5 text-sm font-medium transition-colors',
    'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring/40',
    on ? 'border-primary bg-primary text-primary-fg' : 'border-border bg-bg-elevated text-fg hover:bg-surface-muted',
  );

/** The repeat control: never, every day, weekdays, every week (on chosen days), every month, every year. */
export function RepeatControl({ value, onChange, custom, locale, error }: RepeatControlProps) {
  const { t } = useTranslation();
  const name = useId();
  const dayNames = Info.weekdays('short', { locale });
  const selected = value.kind === 'rule' ? 'custom' : value.repeat;
  const days = value.kind === 'choice' ? value.days : [];
  const toggleDay = (d: WeekdayCode) => {
    const next = days.includes(d) ? days.filter((x) => x !== d) : [...days, d];
    onChange({ kind: 'choice', repeat: 'weekly', days: WEEKDAYS.filter((w) => next.includes(w)) });
  };
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-fg">{t('reminderForm.repeat.label')}</legend>
      <div role="radiogroup" aria-label={t('reminderForm.repeat.label')} className="flex flex-wrap gap-2">
        {REPEAT_CHOICES.map((choice) => (
          <label key={choice} className={chip(selected === choice)}>
            <input
              type="radio"
              className="sr-only"
              name={name}
              value={choice}
              checked={selected === choice}
              onChange={() => onChange({ kind: 'choice', repeat: choice, days: choice === 'weekly' ? days : [] })}
            />
            {t(`reminderForm.repeat.${choice}`)}
          </label>
        ))}
        {custom && (
          <label className={chip(selected === 'custom')}>
            <input type="radio" className="sr-only" name={name} value="custom" checked={selected === 'custom'} onChange={() => onChange({ kind: 'rule', ...custom })} />
            {custom.description}
          </label>
        )}
      </div>
      {selected === 'weekly' && (
        <div role="group" aria-label={t('reminderForm.repeat.days')} className="flex flex-wrap gap-1.5">
          {WEEKDAYS.map((d, i) => (
            <label key={d} className={cn(chip(days.includes(d)), 'h-8 px-2.5 text-xs')}>
              <input type="checkbox" className="sr-only" checked={days.includes(d)} onChange={() => toggleDay(d)} aria-label={Info.weekdays('long', { locale })[i]} />
              {dayNames[i]}
            </label>
          ))}
        </div>
      )}
      {selected !== 'none' && <p className="text-xs text-fg-muted">{t('reminderForm.repeat.premiumHint')}</p>}
      {error && (
        <p id={`${name}-error`} role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}
