import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { Page } from '../api/client';
import { adminApi, keys, useConversationInfo, useConversations, useMessages } from '../api/admin';
import type { ConsoleMessage, ConversationSummary } from '../api/types';
import { LoadMore, SearchBox } from '../components/search-box';
import { CHANNEL_LABELS, errorText, frTime } from '../lib/format';
import { useConsoleFeed } from '../lib/live';
import { ArrowLeftIcon, Badge, Button, Card, cn, MicIcon, showToast, Spinner, Textarea } from '../ui';

const DELIVERY: Record<string, { label: string; tone: 'neutral' | 'success' | 'info' | 'danger' }> = {
  sent: { label: 'Envoyé', tone: 'neutral' },
  delivered: { label: 'Distribué', tone: 'info' },
  read: { label: 'Lu', tone: 'success' },
  failed: { label: 'Échec', tone: 'danger' },
};

function confirmation(m: ConsoleMessage): string | null {
  const x = m.extracted;
  if (!x) return null;
  if (x.intent === 'yes' || x.button === 'confirm') return 'Confirmation';
  if (x.intent === 'no' || x.intent === 'cancel' || x.button === 'cancel') return 'Annulation';
  if (x.missing === 'when') return 'Heure demandée';
  if (x.subject && x.dueAt) return 'Proposé, en attente de confirmation';
  if (typeof x.intent === 'string') return `Commande : ${x.intent}`;
  return null;
}

function Understood({ x }: { x: Record<string, unknown> }) {
  const draft = (x.draft as Record<string, unknown> | undefined) ?? x;
  const parts: string[] = [];
  if (draft.subject) parts.push(`Sujet : ${String(draft.subject)}`);
  if (draft.dueAt) parts.push(`Échéance : ${new Date(String(draft.dueAt)).toLocaleString('fr-FR', { timeZone: typeof draft.zone === 'string' ? draft.zone : undefined, dateStyle: 'medium', timeStyle: 'short' })}`);
  if (draft.zone) parts.push(`Fuseau : ${String(draft.zone)}`);
  if (draft.rrule) parts.push(`Répétition : ${String(draft.rrule)}`);
  if (!parts.length) return null;
  return <p className="mt-1 text-xs text-fg-muted">{parts.join(' · ')}</p>;
}

function Bubble({ m }: { m: ConsoleMessage }) {
  const out = m.direction === 'outgoing';
  const state = confirmation(m);
  const delivery = out && m.status ? DELIVERY[m.status] : null;
  return (
    <li className={cn('flex', out ? 'justify-end' : 'justify-start')} data-message-id={m.id}>
      <div className={cn('max-w-[85%] rounded-2xl border px-3.5 py-2.5 text-sm shadow-sm', out ? 'border-primary/30 bg-primary-soft text-primary-soft-fg' : 'border-border bg-surface')}>
        <div className="mb-1 flex flex-wrap items-center gap-1.5 text-[11px] opacity-80">
          <span>{frTime(m.createdAt)}</span>
          <span>· {CHANNEL_LABELS[m.channel] ?? m.channel}</span>
          {m.messageType === 'voice' && (
            <span className="inline-flex items-center gap-0.5">
              · <MicIcon className="h-3 w-3" /> note vocale
            </span>
          )}
          {m.kind === 'reminder' && <span>· rappel #{m.reminderId}</span>}
          {m.staffName && <Badge tone="info">Support · {m.staffName}</Badge>}
          {m.purpose === 'broadcast' && <Badge tone="warning">Annonce</Badge>}
        </div>
        {m.text ? <p className="whitespace-pre-wrap break-words">{m.text}</p> : <p className="italic opacity-70">(sans texte)</p>}
        {m.audioUrl && <audio controls preload="none" src={m.audioUrl} className="mt-2 h-9 w-64 max-w-full" aria-label="Écouter la note vocale" />}
        {m.extracted && <Understood x={m.extracted} />}
        {(state || delivery || m.via) && (
          <div className="mt-1.5 flex flex-wrap items-center gap-1.5 text-[11px]">
            {state && <Badge tone="neutral">{state}</Badge>}
            {delivery && <Badge tone={delivery.tone}>{delivery.label}</Badge>}
            {out && m.via && <span className="opacity-80">{m.via === 'template' ? `Modèle${m.template ? ` ${m.template}` : ''}` : 'Texte libre'}</span>}
            {m.error && <span className="text-danger">{m.error}</span>}
          </div>
        )}
      </div>
    </li>
  );
}

function ConversationView({ userId }: { userId: number }) {
  const info = useConversationInfo(userId);
  const messages = useMessages(userId);
  const qc = useQueryClient();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const bottom = useRef<HTMLDivElement>(null);
  const ordered = useMemo(() => (messages.data?.pages.flatMap((p) => p.rows) ?? []).slice().reverse(), [messages.data]);
  const lastId = ordered[ordered.length - 1]?.id;
  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [lastId]);
  const blocked = info.data?.replyBlocked ?? null;
  const send = async () => {
    if (!text.trim()) return;
    setSending(true);
    try {
      await adminApi.reply(userId, text.trim());
      setText('');
      qc.invalidateQueries({ queryKey: keys.messages(userId) });
    } catch (e) {
      showToast({ title: 'Erreur', description: errorText(e, "Impossible d'envoyer la réponse"), variant: 'destructive' });
      qc.invalidateQueries({ queryKey: keys.conversation(userId) });
    } finally {
      setSending(false);
    }
  };
  const u = info.data?.user;
  return (
    <Card className="flex h-[calc(100vh-12rem)] min-h-[28rem] flex-col overflow-hidden">
      <div className="flex items-center gap-3 border-b border-border p-3">
        <Link href="/conversations" className="rounded-full p-1.5 hover:bg-surface-muted lg:hidden" aria-label="Retour aux conversations">
          <ArrowLeftIcon className="h-5 w-5" />
        </Link>
        <div className="min-w-0">
          <p className="truncate font-semibold">{u ? u.displayName || u.username : '…'}</p>
          <p className="truncate text-xs text-fg-muted">
            {u?.phoneNumber ?? 'sans numéro'}
            {u && !u.phoneVerified && u.phoneNumber ? ' (non vérifié)' : ''} · {info.data?.reach.channel ? CHANNEL_LABELS[info.data.reach.channel] ?? info.data.reach.channel : 'injoignable'} · {u?.language === 'en' ? 'English' : 'Français'} · {u?.timezone}
            {u?.optedOut ? ' · STOP' : ''}
          </p>
        </div>
      </div>
      <div className="flex-1 overflow-y-auto p-3">
        {messages.hasNextPage && (
          <div className="mb-3 text-center">
            <Button size="sm" variant="ghost" busy={messages.isFetchingNextPage} onClick={() => messages.fetchNextPage()}>
              Messages précédents
            </Button>
          </div>
        )}
        {messages.isPending && <Spinner label="Chargement des messages" />}
        <ol className="flex flex-col gap-2" aria-label="Messages">
          {ordered.map((m) => (
            <Bubble key={m.id} m={m} />
          ))}
        </ol>
        <div ref={bottom} />
      </div>
      <div className="border-t border-border p-3">
        {blocked ? (
          <p role="note" className="rounded-xl bg-accent-soft p-3 text-sm text-accent-soft-fg" data-reply-blocked>
            {blocked}
          </p>
        ) : (
          <form
            className="flex items-end gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              void send();
            }}
          >
            <Textarea rows={2} value={text} maxLength={4096} onChange={(e) => setText(e.target.value)} placeholder="Répondre en tant que support…" aria-label="Réponse du support" className="min-h-[2.75rem]" />
            <Button type="submit" busy={sending} disabled={!text.trim()}>
              Envoyer
            </Button>
          </form>
        )}
      </div>
    </Card>
  );
}

function ConversationList({ selected }: { selected: number | null }) {
  const [q, setQ] = useState('');
  const list = useConversations(q);
  const rows = list.data?.pages.flatMap((p) => p.rows) ?? [];
  return (
    <div className="flex flex-col gap-3">
      <SearchBox placeholder="Filtrer par téléphone ou nom" label="Filtrer les conversations" onSearch={setQ} />
      {list.isPending && <Spinner label="Chargement des conversations" />}
      {list.isError && <p role="alert" className="text-sm text-danger">Impossible de charger les conversations</p>}
      {list.isSuccess && !rows.length && <p className="text-sm text-fg-muted">Aucune conversation trouvée.</p>}
      <ul className="flex flex-col gap-1" aria-label="Conversations">
        {rows.map((c: ConversationSummary) => (
          <li key={c.userId}>
            <Link
              href={`/conversations/${c.userId}`}
              aria-current={selected === c.userId ? 'true' : undefined}
              className={cn('flex flex-col gap-0.5 rounded-xl border px-3 py-2.5 transition-colors', selected === c.userId ? 'border-primary/40 bg-primary-soft' : 'border-transparent hover:bg-surface-muted')}
              data-conversation={c.userId}
            >
              <div className="flex items-center justify-between gap-2">
                <span className="truncate font-medium">{c.displayName || c.username}</span>
                <span className="flex-none text-xs text-fg-muted">{frTime(c.lastAt)}</span>
              </div>
              <div className="flex items-center gap-1.5 text-xs text-fg-muted">
                <span className="flex-none">{CHANNEL_LABELS[c.channel] ?? c.channel}</span>·
                <span className="truncate">
                  {c.lastDirection === 'outgoing' ? '↩ ' : ''}
                  {c.lastMessageType === 'voice' && !c.lastMessage ? '🎤 note vocale' : c.lastMessage}
                </span>
              </div>
            </Link>
          </li>
        ))}
      </ul>
      <LoadMore hasMore={Boolean(list.hasNextPage)} loading={list.isFetchingNextPage} onMore={() => list.fetchNextPage()} shown={rows.length} total={list.data?.pages[0]?.total ?? 0} />
    </div>
  );
}

/** Conversations (support console): the latest conversations and one conversation, live over /ws. */
export function ConversationsPage({ userId }: { userId: number | null }) {
  const qc = useQueryClient();
  const [, navigate] = useLocation();
  const refreshList = useRef<ReturnType<typeof setTimeout>>(undefined);
  const onLive = useCallback(
    (m: ConsoleMessage) => {
      if (m.userId !== null) {
        qc.setQueryData<InfiniteData<Page<ConsoleMessage>>>(keys.messages(m.userId), (old) => {
          if (!old || old.pages[0]?.rows.some((r) => r.id === m.id)) return old;
          const [first, ...rest] = old.pages;
          return { ...old, pages: [{ ...first, rows: [m, ...first.rows] }, ...rest] };
        });
        if (m.direction === 'incoming') qc.invalidateQueries({ queryKey: keys.conversation(m.userId) });
      }
      clearTimeout(refreshList.current);
      refreshList.current = setTimeout(() => qc.invalidateQueries({ queryKey: ['admin', 'conversations'] }), 300);
    },
    [qc],
  );
  useConsoleFeed(onLive);
  void navigate;
  return (
    <div className="grid gap-4 lg:grid-cols-[22rem_minmax(0,1fr)]">
      <div className={cn(userId !== null && 'hidden lg:block')}>
        <ConversationList selected={userId} />
      </div>
      {userId !== null ? (
        <ConversationView key={userId} userId={userId} />
      ) : (
        <Card className="hidden h-[calc(100vh-12rem)] items-center justify-center text-sm text-fg-muted lg:flex">Choisissez une conversation.</Card>
      )}
    </div>
  );
}
