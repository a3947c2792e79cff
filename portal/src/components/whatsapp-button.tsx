import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { usePublicConfigQuery } from '../api/public-config';
import { MessageIcon, WhatsappIcon } from './ui/icons';

/** wa.me wants the number as digits only, without "+" or spaces. */
export function whatsappChatUrl(number: string, greeting: string): string {
  return `https://wa.me/${number.replace(/\D/g, '')}?text=${encodeURIComponent(greeting)}`;
}

/** The simulator with the greeting typed in, ready to send. */
export function simulatorChatUrl(greeting: string): string {
  return `/simulator?text=${encodeURIComponent(greeting)}`;
}

/**
 * Floating chat button with a greeting in the current language (SPEC §2): to WhatsApp when a
 * business number is configured, otherwise to the chat simulator (when it is on).
 */
export function WhatsappFloatingButton() {
  const { t } = useTranslation();
  const { data } = usePublicConfigQuery();
  if (!data) return null;
  if (!data.whatsappNumber) {
    if (!data.simulator) return null;
    return (
      <Link
        href={simulatorChatUrl(t('whatsapp.greeting'))}
        aria-label={t('whatsapp.simulatorButton')}
        title={t('whatsapp.simulatorButton')}
        data-testid="chat-button"
        className="fixed bottom-5 right-5 z-30 flex h-14 w-14 items-center justify-center rounded-full bg-primary text-primary-fg shadow-pop transition-transform hover:scale-105 animate-pulse-ring"
      >
        <MessageIcon className="h-7 w-7" />
      </Link>
    );
  }
  return (
    <a
      href={whatsappChatUrl(data.whatsappNumber, t('whatsapp.greeting'))}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('whatsapp.button')}
      title={t('whatsapp.button')}
      data-testid="chat-button"
      className="fixed bottom-5 right-5 z-30 flex h-14 w-14 items-center justify-center rounded-full bg-[#25D366] text-white shadow-pop transition-transform hover:scale-105 animate-pulse-ring"
    >
      <WhatsappIcon className="h-7 w-7" />
    </a>
  );
}
