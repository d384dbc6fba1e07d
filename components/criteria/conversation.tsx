// A query's conversation as a chat transcript. Content is imported text: rendered as React text (never as
// HTML), whitespace kept, long words wrapped, and marked with the query's language so CJK text gets CJK fonts.
export interface Message {
  role: string;
  content: string;
}

/** The stored JSON, checked: anything that is not a {role, content} message is skipped. */
export function toMessages(value: unknown): Message[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    if (!item || typeof item !== 'object') return [];
    const { role, content } = item as Record<string, unknown>;
    return typeof role === 'string' && typeof content === 'string' ? [{ role, content }] : [];
  });
}

const ROLE_LABELS: Record<string, string> = { user: 'User', assistant: 'Assistant', system: 'System' };

export function Conversation({ messages, language }: { messages: Message[]; language: string | null }) {
  if (messages.length === 0) return <p className="text-sm text-slate-500">This query has no messages.</p>;
  return (
    <ol className="space-y-3" lang={language ?? undefined}>
      {messages.map((message, index) => {
        const user = message.role === 'user';
        const system = message.role === 'system';
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: messages are an ordered, immutable transcript
          <li key={index} className={`flex flex-col ${user ? 'items-end' : 'items-start'}`}>
            <span className="mb-1 px-1 text-xs font-medium text-slate-500">
              {ROLE_LABELS[message.role] ?? message.role}
              <span className="sr-only"> (turn {index + 1})</span>
            </span>
            <div
              className={`max-w-[92%] rounded-2xl px-3.5 py-2.5 text-sm leading-relaxed break-words whitespace-pre-wrap ${
                user
                  ? 'rounded-tr-sm bg-brand-600 text-white'
                  : system
                    ? 'rounded-tl-sm bg-amber-50 text-amber-950 ring-1 ring-amber-200'
                    : 'rounded-tl-sm bg-slate-100 text-slate-900'
              }`}
            >
              {message.content}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
