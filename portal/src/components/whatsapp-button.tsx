import { useTranslation } from 'react-i18next';
import { usePublicConfigQuery } from '../api/public-config';
import { WhatsappIcon } from './ui/icons';

/** wa.me wants the number as digits only, without "+" or spaces. */
export function whatsappChatUrl(number: string, greeting: string): string {
  return `https://wa.me/${number.replace(/\D/g, '')}?text=${encodeURIComponent(greeting)}`;
}

/** Floating chat button with a greeting in the current language (SPEC §2). */
export function WhatsappFloatingButton() {
  const { t } = useTranslation();
  const { data } = usePublicConfigQuery();
  if (!data?.whatsappNumber) return null;
  return (
    <a
      href={whatsappChatUrl(data.whatsappNumber, t('whatsapp.greeting'))}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('whatsapp.button')}
      title={t('whatsapp.button')}
      className="fixed bottom-5 right-5 z-30 flex h-14 w-14 items-center justify-center rounded-full bg-[#25D366] text-white shadow-pop transition-transform hover:scale-105 animate-pulse-ring"
    >
      <WhatsappIcon className="h-7 w-7" />
    </a>
  );
}
