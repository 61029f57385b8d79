import { type FormEvent, useCallback, useEffect } from 'react';
import type { MessageView, TransactionPage } from '../../../../shared/api/transactions';
import type { PublicUser } from '../../../../shared/api/types';
import { apiErrors, messages as errorMessages } from '../../../../shared/errors/catalogue';
import { textAreaValidator } from '../../../../shared/validation/inputs';
import { errorCode } from '../../api/error-kinds';
import * as transactionsApi from '../../api/transactions';
import { DateLabel } from '../../components/DateLabel';
import { Spinner } from '../../components/Loading';
import { VerifyEmailNotice } from '../../components/VerifyEmailNotice';
import { FieldFrame } from '../../forms/fields';
import { reportError } from '../../observability/errors';
import { FocusedError, ProgressButton, usePanelState } from './panel-parts';
import { senderLabel, threadOrder } from './view';

export interface MessagesApi {
  getMessages(id: string, page: number): Promise<TransactionPage<MessageView>>;
  sendMessage(id: string, content: string): Promise<MessageView>;
}

const defaultApi: MessagesApi = {
  getMessages: (id, page) => transactionsApi.getMessages(id, page),
  sendMessage: (id, content) => transactionsApi.sendMessage(id, content),
};

export interface ThreadState {
  /** Loaded pages, page 1 (the newest 100) first. */
  pages: MessageView[][];
  totalPages: number;
  status: 'loading' | 'ready' | 'failed';
  loadingOlder: boolean;
  olderFailed: boolean;
  /** Messages sent from this page since the first page was loaded. */
  sent: MessageView[];
  draft: string;
  sending: boolean;
  sendError: string | null;
}

const initialThread: ThreadState = {
  pages: [],
  totalPages: 0,
  status: 'loading',
  loadingOlder: false,
  olderFailed: false,
  sent: [],
  draft: '',
  sending: false,
  sendError: null,
};

/**
 * The order's messages (§6): 100 a page, newest first from the API, shown oldest at the top with
 * an "older messages" button; a send form whose text is kept when sending fails ('failed to send');
 * disabled with the spec's explanation when the other party was removed.
 */
export function MessageThread({
  transactionId,
  userId,
  other,
  disabledReason,
  verifyEmailFirst = false,
  api = defaultApi,
  initial,
}: {
  transactionId: string;
  userId: string | undefined;
  other: PublicUser;
  disabledReason?: string | undefined;
  /** The viewer's address is unverified and the order is not paid: no form, but why and where to verify. */
  verifyEmailFirst?: boolean;
  api?: MessagesApi;
  /** A starting state (tests); without it the first page is fetched on mount. */
  initial?: Partial<ThreadState>;
}) {
  const [state, update, setState] = usePanelState(initialThread, initial);
  const preloaded = initial?.status !== undefined;

  const loadFirst = useCallback(async () => {
    setState((current) => ({ ...current, status: 'loading' }));
    try {
      const page = await api.getMessages(transactionId, 1);
      setState((current) => ({
        ...current,
        pages: [page.data],
        totalPages: page.meta.totalPages,
        status: 'ready',
        sent: [],
      }));
    } catch (failure) {
      reportError(failure, 'fetch-messages-failed');
      setState((current) => ({ ...current, status: 'failed' }));
    }
  }, [api, transactionId, setState]);

  useEffect(() => {
    if (!preloaded) void loadFirst();
  }, [loadFirst, preloaded]);

  async function loadOlder() {
    const next = state.pages.length + 1;
    update({ loadingOlder: true, olderFailed: false });
    try {
      const page = await api.getMessages(transactionId, next);
      setState((current) => ({
        ...current,
        pages: [...current.pages, page.data],
        totalPages: page.meta.totalPages,
        loadingOlder: false,
      }));
    } catch (failure) {
      reportError(failure, 'fetch-messages-failed');
      update({ loadingOlder: false, olderFailed: true });
    }
  }

  const invalid = textAreaValidator(state.draft);
  const blank = state.draft.trim() === '';

  async function send(event: FormEvent) {
    event.preventDefault();
    if (disabledReason || verifyEmailFirst || state.sending || blank || invalid) return;
    update({ sending: true, sendError: null });
    try {
      const message = await api.sendMessage(transactionId, state.draft.trim());
      setState((current) => ({ ...current, sending: false, draft: '', sent: [...current.sent, message] }));
    } catch (failure) {
      // The text stays in the box (§8 'failed to send'); the day's limit of messages says so (429).
      const limited = errorCode(failure) === 'too-many-requests';
      if (!limited) reportError(failure, 'send-message-failed');
      update({
        sending: false,
        sendError: limited ? apiErrors['too-many-requests'].title : errorMessages.sendFailed,
      });
    }
  }

  const thread = threadOrder(state.pages, state.sent);
  const hasOlder = state.status === 'ready' && state.pages.length < state.totalPages;

  return (
    <section className="tx-section tx-messages" aria-labelledby="messages-heading">
      <h2 id="messages-heading">Messages</h2>
      {state.status === 'loading' ? <Spinner label="Loading messages…" /> : null}
      {state.status === 'failed' ? (
        <div className="notice notice-error" role="alert">
          <p>{errorMessages.messagesLoadingFailed}</p>
          <button type="button" className="button button-secondary" onClick={() => void loadFirst()}>
            Try again
          </button>
        </div>
      ) : null}
      {hasOlder ? (
        <p className="tx-older">
          <ProgressButton
            className="button button-secondary button-small"
            pending={state.loadingOlder}
            disabled={state.loadingOlder}
            progressLabel="Loading older messages…"
            onClick={() => void loadOlder()}
          >
            Show older messages
          </ProgressButton>
        </p>
      ) : null}
      {state.olderFailed ? (
        <p className="form-error" role="alert">
          {errorMessages.messagesLoadingFailed}
        </p>
      ) : null}
      {state.status === 'ready' && thread.length === 0 ? <p>No messages yet.</p> : null}
      {thread.length ? (
        <ol className="tx-message-list" aria-label="Conversation" aria-live="polite">
          {thread.map((message) => {
            const own = message.senderId === userId;
            return (
              <li key={message.id} className={own ? 'tx-message tx-message-own' : 'tx-message'}>
                <p className="tx-message-meta">
                  <span className="tx-message-sender">{senderLabel(message, userId, other)}</span>
                  {' · '}
                  <DateLabel date={message.createdAt} />
                </p>
                <p className="tx-message-content">{message.content}</p>
              </li>
            );
          })}
        </ol>
      ) : null}

      {disabledReason ? (
        <p className="notice tx-messages-disabled">{disabledReason}</p>
      ) : verifyEmailFirst ? (
        <VerifyEmailNotice className="tx-messages-disabled" />
      ) : (
        <form
          className="form tx-send"
          onSubmit={(event) => void send(event)}
          noValidate
          aria-label="Send a message"
        >
          <FieldFrame
            id="tx-message-content"
            label="Your message"
            message={state.draft && invalid ? invalid : undefined}
            control={(ids) => (
              <textarea
                {...ids}
                name="content"
                rows={3}
                value={state.draft}
                aria-required
                onChange={(event) => update({ draft: event.target.value })}
              />
            )}
          />
          {state.sendError ? <FocusedError message={state.sendError} /> : null}
          <ProgressButton
            type="submit"
            className="button button-primary"
            pending={state.sending}
            disabled={state.sending || blank || Boolean(invalid)}
            progressLabel="Sending…"
          >
            Send message
          </ProgressButton>
          <p className="visually-hidden" role="status">
            {state.sending ? 'Sending…' : ''}
          </p>
        </form>
      )}
    </section>
  );
}
