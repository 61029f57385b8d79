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
