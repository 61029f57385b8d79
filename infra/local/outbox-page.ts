import { escapeHtml } from '../../shared/text/html';
import type { OutboxMessage } from './outbox';

/** The dev outbox page: every e-mail the local cloud "sent", newest first (plain text bodies). */
export function renderOutboxPage(messages: OutboxMessage[]): string {
  const items = messages
    .map(
      (message) => `<article>
  <h2>${escapeHtml(message.subject)}</h2>
  <p><strong>To:</strong> ${escapeHtml(message.to.join(', '))} · <strong>From:</strong> ${escapeHtml(message.from)} · <time datetime="${message.sentAt}">${message.sentAt}</time></p>
  <pre>${escapeHtml(message.text)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Dev outbox · Velo Exchange</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><main><h1>Dev outbox</h1><p>${messages.length} message(s). E-mails sent by the local cloud land here instead of an inbox.</p>
${items || '<p>No messages yet.</p>'}</main></body></html>`;
}
