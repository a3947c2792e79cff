import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import { messageOf } from '../api/api-error';
import { AppTopBar } from '../components/app-top-bar';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Card, CardBody } from '../components/ui/card';
import { ArrowRightIcon, MicIcon, StopIcon } from '../components/ui/icons';
import { Input } from '../components/ui/input';
import { currentUser } from '../state/session';
import { showToast } from '../state/toasts';
import { useSignalValue } from '../state/use-signal-value';

/** The server's live message (SPEC: type, data with direction, messageType, text). */
interface LiveMessage {
  type: 'message' | 'reminder';
  data: {
    id: string;
    direction: 'incoming' | 'outgoing';
    messageType: 'voice' | 'text';
    text: string | null;
    channel: string;
    createdAt: string;
    buttons?: Array<{ id: string; title: string }>;
    audioUrl?: string;
  };
}

type Connection = 'connecting' | 'connected' | 'disconnected' | 'error';

const CONNECTION_DOT: Record<Connection, string> = {
  connecting: 'bg-accent',
  connected: 'bg-primary',
  disconnected: 'bg-fg-muted',
  error: 'bg-danger',
};

function toBase64(buffer: ArrayBuffer): string {
  let binary = '';
  const bytes = new Uint8Array(buffer);
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function SimulatorPage() {
  const { t } = useTranslation();
  const user = useSignalValue(currentUser);
  // The socket handlers outlive renders; they read the current language through this.
  const latestT = useRef(t);
  latestT.current = t;
  const [messages, setMessages] = useState<LiveMessage[]>([]);
  const [connection, setConnection] = useState<Connection>('connecting');
  // The floating chat button opens the simulator with the greeting typed in (?text=).
  const [text, setText] = useState(() => new URLSearchParams(window.location.search).get('text')?.slice(0, 4000) ?? '');
  const [recording, setRecording] = useState(false);
  const recorder = useRef<MediaRecorder | null>(null);
  const bottom = useRef<HTMLDivElement | null>(null);

  const add = (incoming: LiveMessage[]) =>
    setMessages((current) => {
      const seen = new Set(current.map((m) => m.data.id));
      return [...current, ...incoming.filter((m) => !seen.has(m.data.id))].sort((a, b) => Number(a.data.id) - Number(b.data.id));
    });

  useEffect(() => {
    let socket: WebSocket | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let closed = false;
    void api.get<LiveMessage[]>('/api/simulator/messages').then(add).catch(() => undefined);
    const connect = () => {
      setConnection('connecting');
      socket = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`);
      socket.onopen = () => {
        setConnection('connected');
        socket?.send(JSON.stringify({ type: 'register', phoneNumber: user?.phoneNumber ?? '', userId: user?.id }));
        // Anything said while we were away comes from the history.
        void api.get<LiveMessage[]>('/api/simulator/messages').then(add).catch(() => undefined);
      };
      socket.onmessage = (event) => {
        const msg = JSON.parse(String(event.data));
        if (msg.type === 'message' || msg.type === 'reminder') add([msg as LiveMessage]);
        if (msg.type === 'error' && msg.ref) showToast({ title: latestT.current('simulator.sendFailed'), description: String(msg.message), variant: 'destructive' });
      };
      socket.onerror = () => setConnection('error');
      socket.onclose = () => {
        setConnection('disconnected');
        if (!closed) retry = setTimeout(connect, 2000);
      };
    };
    connect();
    return () => {
      closed = true;
      clearTimeout(retry);
      socket?.close();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user?.id]);

  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length]);

  const send = async (payload: Record<string, unknown>) => {
    try {
      await api.post('/api/simulator/messages', payload);
    } catch (err) {
      showToast({ title: t('simulator.sendFailed'), description: messageOf(err, t('simulator.sendFailed')), variant: 'destructive' });
    }
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const value = text.trim();
    if (!value) return;
    setText('');
    await send({ text: value });
  };

  const toggleRecording = async () => {
    if (recording) {
      recorder.current?.stop();
      return;
    }
    if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') {
      showToast({ title: t('simulator.noMic'), variant: 'destructive' });
      return;
    }
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const type = ['audio/ogg;codecs=opus', 'audio/webm;codecs=opus', 'audio/webm'].find((t) => MediaRecorder.isTypeSupported(t));
      const rec = new MediaRecorder(stream, type ? { mimeType: type } : undefined);
      const chunks: Blob[] = [];
      rec.ondataavailable = (ev) => ev.data.size > 0 && chunks.push(ev.data);
      rec.onstop = async () => {
        stream.getTracks().forEach((track) => track.stop());
        setRecording(false);
        const blob = new Blob(chunks, { type: rec.mimeType || 'audio/webm' });
        if (blob.size > 0) await send({ audio: toBase64(await blob.arrayBuffer()), mimeType: blob.type });
      };
      recorder.current = rec;
      rec.start();
      setRecording(true);
    } catch (err) {
      showToast({ title: t('simulator.noMic'), description: messageOf(err, ''), variant: 'destructive' });
    }
  };

  return (
    // One screen high, like a messaging app: the conversation scrolls and the composer stays in view.
    <div className="flex h-[100dvh] min-h-[32rem] flex-col">
      <AppTopBar />
      <main id="main" className="container-page flex min-h-0 flex-1 flex-col py-4 md:py-10">
        <div className="mx-auto flex min-h-0 w-full max-w-2xl flex-1 flex-col gap-3 md:gap-4">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h1 className="text-2xl font-bold tracking-tight text-fg md:text-3xl">{t('simulator.title')}</h1>
            <Badge tone="outline" data-testid="simulator-badge">{t('simulator.badge')}</Badge>
            <span className="inline-flex items-center gap-1.5 text-sm text-fg-muted" data-testid="connection" data-state={connection}>
              <span aria-hidden className={`h-2 w-2 rounded-full ${CONNECTION_DOT[connection]}`} />
              {t(`simulator.connection.${connection}`)}
            </span>
          </div>
          <p className="text-sm text-fg-muted md:text-base">{t('simulator.intro')}</p>
          <Card className="flex min-h-0 flex-1 flex-col">
            <CardBody className="flex min-h-0 flex-1 flex-col">
              <div className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto pr-1" data-testid="chat" aria-live="polite">
                {messages.length === 0 && <p className="m-auto text-center text-sm text-fg-muted">{t('simulator.empty')}</p>}
                {messages.map((m) => {
                  const mine = m.data.direction === 'incoming';
                  return (
                    <div key={m.data.id} className={`flex flex-col ${mine ? 'items-end' : 'items-start'}`} data-testid={mine ? 'msg-user' : 'msg-bot'} data-kind={m.type}>
                      <span className="mb-1 text-xs text-fg-muted">
                        {mine ? t('simulator.you') : m.type === 'reminder' ? `⏰ ${t('simulator.reminder')}` : t('simulator.bot')}
                        {m.data.channel !== 'simulator' ? ` · ${m.data.channel}` : ''}
                      </span>
                      <div className={`max-w-[85%] whitespace-pre-wrap rounded-2xl px-4 py-2 text-sm ${mine ? 'bg-primary text-primary-fg' : 'bg-surface-muted text-fg'}`}>
                        {m.data.messageType === 'voice' && m.data.audioUrl && <audio controls src={m.data.audioUrl} className="mb-1 max-w-full" data-testid="voice-note" />}
                        {m.data.messageType === 'voice' && mine && '🎤 '}
                        {m.data.text}
                      </div>
                      {!mine && m.data.buttons && m.data.buttons.length > 0 && (
                        <div className="mt-2 flex flex-wrap gap-2">
                          {m.data.buttons.map((b) => (
                            <Button key={b.id} size="sm" variant="outline" onClick={() => void send({ buttonId: b.id, title: b.title })}>
                              {b.title}
                            </Button>
                          ))}
                        </div>
                      )}
                    </div>
                  );
                })}
                <div ref={bottom} />
              </div>
              <form onSubmit={onSubmit} className="mt-3 flex items-center gap-2 border-t border-border pt-3 md:mt-4 md:pt-4" aria-label={t('simulator.title')}>
                <Input name="message" value={text} onChange={(e) => setText(e.target.value)} placeholder={t('simulator.placeholder')} aria-label={t('simulator.messageLabel')} maxLength={4000} autoComplete="off" />
                <Button type="button" variant={recording ? 'danger' : 'outline'} size="icon" className="flex-none" onClick={() => void toggleRecording()} aria-label={recording ? t('simulator.stop') : t('simulator.record')} title={recording ? t('simulator.stop') : t('simulator.record')}>
                  {recording ? <StopIcon className="h-4 w-4" /> : <MicIcon className="h-4 w-4" />}
                </Button>
                {/* An arrow on phones, so the text field keeps its width. */}
                <Button type="submit" size="icon" className="flex-none text-sm sm:w-auto sm:px-5" aria-label={t('simulator.send')}>
                  <ArrowRightIcon className="h-5 w-5 sm:hidden" />
                  <span className="hidden sm:inline">{t('simulator.send')}</span>
                </Button>
              </form>
            </CardBody>
          </Card>
        </div>
      </main>
    </div>
  );
}
