import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChatMock } from './chat-mock';
import { Button } from './ui/button';
import { Dialog } from './ui/dialog';

/** The demo "video": the conversation played step by step, so it speaks the visitor's language. */
export function DemoVideoDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const [run, setRun] = useState(0);
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('demo.title')} description={t('demo.description')} closeLabel={t('common.close')}>
      <ChatMock play={open} runKey={run} />
      <div className="mt-4 flex justify-end">
        <Button variant="outline" size="sm" onClick={() => setRun((r) => r + 1)}>
          {t('demo.replay')}
        </Button>
      </div>
    </Dialog>
  );
}
