import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LogoMark } from './logo';
import { cn } from './ui/cn';
import { BellIcon, CheckIcon, MicIcon } from './ui/icons';

const STEPS = 5;

function VoiceBubble({ label }: { label: string }) {
  const bars = [6, 12, 18, 10, 16, 8, 14, 20, 12, 7, 15, 9, 13, 6];
  return (
    <div className="flex items-center gap-3">
      <span className="flex h-8 w-8 flex-none items-center justify-center rounded-full bg-primary text-primary-fg">
        <MicIcon className="h-4 w-4" />
      </span>
      <span className="flex h-6 items-center gap-[3px]" aria-hidden>
        {bars.map((h, i) => (
          <span
            key={i}
            className="animate-wave w-[3px] rounded-full bg-primary-soft-fg/70 dark:bg-primary/80"
            style={{ height: h, animationDelay: `${i * 70}ms` }}
          />
        ))}
      </span>
      <span className="sr-only">{label}</span>
    </div>
  );
}

/**
 * A WhatsApp-like conversation showing the product's loop. With `play`, messages appear one
 * after the other (the demo); without, they are all shown (the hero illustration).
 */
export function ChatMock({ play = false, runKey = 0, className }: { play?: boolean; runKey?: number; className?: string }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(play ? 0 : STEPS);

  useEffect(() => {
    if (!play) return;
    setVisible(0);
    const timers = Array.from({ length: STEPS }, (_, i) => setTimeout(() => setVisible(i + 1), 500 + i * 1100));
    return () => timers.forEach(clearTimeout);
  }, [play, runKey]);

  const bubble = 'max-w-[85%] rounded-2xl px-3.5 py-2.5 text-sm leading-snug shadow-sm animate-rise-in';
  const mine = cn(bubble, 'self-end rounded-br-md bg-[#d9fdd3] text-[#0b1f16] dark:bg-[#144d37] dark:text-[#e9fbf1]');
  const theirs = cn(bubble, 'self-start rounded-bl-md bg-white text-[#0b1f16] dark:bg-[#1d2b27] dark:text-[#e8f2ef]');

  return (
    <div
      className={cn('overflow-hidden rounded-[2rem] border border-border bg-surface shadow-pop', className)}
      role="img"
      aria-label={`${t('hero.chat.transcript')} → ${t('hero.chat.confirm')} → ${t('hero.chat.due')}`}
    >
      <div className="flex items-center gap-3 bg-[#075e54] px-4 py-3 text-white dark:bg-[#0f2b25]">
        <LogoMark className="h-9 w-9" />
        <div className="leading-tight">
          <p className="text-sm font-semibold">{t('hero.chat.contact')}</p>
          <p className="text-xs opacity-80">{t('hero.chat.status')}</p>
        </div>
      </div>
      <div
        className="flex min-h-[22rem] flex-col gap-2.5 bg-[#efeae2] p-4 dark:bg-[#0b1512]"
        aria-hidden
      >
        {visible >= 1 && (
          <div className={mine}>
            <VoiceBubble label={t('hero.chat.voice')} />
            <p className="mt-1.5 text-xs italic opacity-75">{t('hero.chat.transcript')}</p>
          </div>
        )}
        {visible >= 2 && <div className={theirs}>{t('hero.chat.confirm')}</div>}
        {visible >= 3 && (
          <div className={cn(mine, 'flex items-center gap-1.5 font-semibold')}>
            {t('hero.chat.yes')}
            <CheckIcon className="h-3.5 w-3.5 text-[#53bdeb]" />
          </div>
        )}
        {visible >= 4 && <div className={theirs}>{t('hero.chat.done')}</div>}
        {visible >= 5 && (
          <div className={cn(theirs, 'border-l-4 border-accent')}>
            <VoiceBubble label={t('hero.chat.voice')} />
            <p className="mt-1.5 flex items-center gap-1.5 font-semibold"><BellIcon className="h-4 w-4 text-accent" />{t('hero.chat.due')}</p>
          </div>
        )}
      </div>
    </div>
  );
}
