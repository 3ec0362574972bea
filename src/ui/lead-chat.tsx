import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { toast } from 'sonner';
import { errorMessage } from '../api/client';
import type { ChatMessage, LeadThread } from '../api/ai/contract';
import { leadThreadKey, sendChatMessage, useLeadThread } from '../api/ai/lead-chat';
import type { LeadDetail } from '../api/leads/contract';
import { useAuth, useCan } from './auth';
import { GenerateTourButton } from './generate-tour-button';
import './lead-chat.css';

function Message({ message }: { message: Pick<ChatMessage, 'role' | 'author' | 'content' | 'toolCalls' | 'incomplete'> }) {
  const { t } = useTranslation();
  return (
    <li className={`lead-chat__message lead-chat__message--${message.role}`} data-role={message.role}>
      <div className="muted lead-chat__who">{message.role === 'assistant' ? t('ai.chat.assistant') : (message.author?.name ?? t('ai.chat.someone'))}</div>
      {message.toolCalls.length > 0 && (
        <div className="muted lead-chat__tools">
          <i className="pi pi-search" aria-hidden="true" /> {message.toolCalls.map((c) => t(`ai.chat.tools.${c.name}`, { defaultValue: c.name })).join(', ')}
        </div>
      )}
      <div className="lead-chat__text">{message.content}</div>
      {message.incomplete && <div className="muted lead-chat__cut">{t('ai.chat.incomplete')}</div>}
    </li>
  );
}

/**
 * The lead's chat with the assistant (docs/ai.md): the stored conversation, then the answer as it
 * streams in. Without a model it says so plainly and offers the planner's draft instead.
 */
export function LeadChat({ lead }: { lead: LeadDetail }) {
  const { t } = useTranslation();
  const can = useCan();
  const { member } = useAuth();
  const queryClient = useQueryClient();
  const thread = useLeadThread(lead._id);
  const inputId = useId();
  const [text, setText] = useState('');
  const [pending, setPending] = useState<{ question: string; answer: string; tools: string[] } | null>(null);

  const send = async (e?: FormEvent) => {
    e?.preventDefault();
    const question = text.trim();
    if (!question || pending) return;
    setPending({ question, answer: '', tools: [] });
    setText('');
    try {
      await sendChatMessage(lead._id, question, (event) => {
        if (event.type === 'delta') setPending((p) => p && { ...p, answer: p.answer + event.text });
        else if (event.type === 'tool') setPending((p) => p && { ...p, tools: [...p.tools, event.name] });
        else if (event.type === 'error') toast.error(event.message);
      });
    } catch (error) {
      setText(question);
      toast.error(errorMessage(error));
    } finally {
      await queryClient.invalidateQueries({ queryKey: leadThreadKey(lead._id) });
      setPending(null);
    }
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void send();
  };

  const data: LeadThread | undefined = thread.data;
  return (
    <section className="card stack lead-chat" aria-labelledby="lead-ai-title" data-testid="lead-ai-chat-slot">
      <h2 id="lead-ai-title" className="workflow-panel__title">
        <i className="pi pi-sparkles" aria-hidden="true" style={{ marginInlineEnd: '0.5rem' }} />
        {t('leads.aiChat.title')}
      </h2>
      {!data ? (
        <p className="muted" aria-busy="true" style={{ margin: 0 }}>
          {t('shell.loading')}
        </p>
      ) : (
        <>
          {data.model === null && (
            <div role="note" className="stack" data-testid="ai-no-model" style={{ gap: '0.5rem' }}>
              <p style={{ margin: 0 }}>{t('ai.chat.noModel')}</p>
              {can('customizedTours', 'create') && <div><GenerateTourButton leadId={lead._id} query={lead.queries.at(-1)} testId="chat-generate-tour" /></div>}
            </div>
          )}
          <ul className="lead-chat__messages" aria-live="polite" data-testid="ai-conversation">
            {data.conversation.map((m) => (
              <Message key={m._id} message={m} />
            ))}
            {pending && (
              <>
                <Message message={{ role: 'user', author: { _id: member._id, name: member.name }, content: pending.question, toolCalls: [], incomplete: false }} />
                <Message message={{ role: 'assistant', author: null, content: pending.answer || t('ai.chat.thinking'), toolCalls: pending.tools.map((name) => ({ name, arguments: null })), incomplete: false }} />
              </>
            )}
          </ul>
          {data.model !== null && can('leads', 'update') && (
            <form className="stack" onSubmit={send} style={{ gap: '0.5rem' }}>
              <label htmlFor={inputId}>{t('ai.chat.label')}</label>
              <InputTextarea id={inputId} value={text} rows={2} autoResize onChange={(e) => setText(e.target.value)} onKeyDown={onKeyDown} aria-describedby={`${inputId}-hint`} disabled={!!pending} />
              <small id={`${inputId}-hint`} className="muted">
                {t('ai.chat.hint', { model: data.model })}
              </small>
              <div className="row" style={{ justifyContent: 'flex-end' }}>
                <Button type="submit" icon="pi pi-send" label={t('ai.chat.send')} loading={!!pending} disabled={!text.trim()} />
              </div>
            </form>
          )}
        </>
      )}
    </section>
  );
}
