import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** SES stand-in: e-mails are stored as JSON files (or in memory) and shown at /_dev/outbox. */
export interface OutboxMessage {
  id: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html?: string;
  sentAt: string;
}

export class LocalOutbox {
  private readonly memory: OutboxMessage[] = [];

  constructor(private readonly directory?: string) {
    if (directory) mkdirSync(directory, { recursive: true });
  }

  store(message: Omit<OutboxMessage, 'id' | 'sentAt'>): OutboxMessage {
    const sentAt = new Date().toISOString();
    const stored: OutboxMessage = {
      id: `${sentAt.replace(/[:.]/g, '-')}-${randomUUID()}`,
      sentAt,
      ...message,
    };
    if (this.directory) {
      // Written aside, then renamed: a reader in another process never sees half a file.
      const file = join(this.directory, `${stored.id}.json`);
      writeFileSync(`${file}.tmp`, JSON.stringify(stored, null, 2));
      renameSync(`${file}.tmp`, file);
    } else this.memory.push(stored);
    return stored;
  }

  /** Newest first. */
  list(): OutboxMessage[] {
    const messages = this.directory
      ? readdirSync(this.directory)
          .filter((name) => name.endsWith('.json'))
          .map((name) => JSON.parse(readFileSync(join(this.directory!, name), 'utf8')) as OutboxMessage)
      : [...this.memory];
    return messages.sort((a, b) => b.sentAt.localeCompare(a.sentAt) || b.id.localeCompare(a.id));
  }
}

/**
 * A code mail cognito-local "delivered", as the outbox stores it: the CustomMessage trigger's
 * subject and HTML body, and a plain-text reading of that body (what tests and the outbox page
 * read). Without a trigger's message (the trigger failed) the mail says so rather than pass for one.
 */
export function codeMailToOutbox(
  mail: { email: string; code: string; subject?: string; html?: string },
  from: string,
): Omit<OutboxMessage, 'id' | 'sentAt'> {
  if (!mail.html) {
    return {
      from,
      to: [mail.email],
      subject: mail.subject ?? 'Code (no CustomMessage trigger answered)',
      text: `The CustomMessage trigger wrote no message. Code: ${mail.code}`,
    };
  }
  return {
    from,
    to: [mail.email],
    subject: mail.subject ?? '',
    text: htmlToText(mail.html),
    html: mail.html,
  };
}

/** The text of a simple HTML mail: one paragraph a line, a blank line between, entities decoded. */
export function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>/gi, '\n\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
