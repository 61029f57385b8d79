/**
 * Starts cognito-local the way its own `bin/start.js` does, and hands each code it "delivers"
 * (sign-up confirmation, attribute verification, password reset) to the parent process over IPC
 * as { type: 'code', destination, code, subject, message }: the subject and (HTML) body are the
 * CustomMessage trigger's, absent if the trigger failed. Reading the codes from its log instead is unreliable: the
 * log reaches the pipe late, often only when the next request comes, so a code could sit unread.
 * Plain JavaScript so it starts without a TypeScript loader. Port and host come from PORT and HOST.
 */
import { createRequire } from 'node:module';

const require = createRequire(createRequire(import.meta.url).resolve('cognito-local/package.json'));
const pino = require('pino');
const pretty = require('pino-pretty');
const { ConsoleMessageSender } = require('./lib/services/messageDelivery/consoleMessageSender');
const { createDefaultServer } = require('./lib/server');

const sendToConsole = ConsoleMessageSender.prototype.sendToConsole;
ConsoleMessageSender.prototype.sendToConsole = function (ctx, user, destination, message) {
  process.send?.({
    type: 'code',
    destination,
    code: message.__code,
    subject: message.emailSubject,
    message: message.emailMessage,
  });
  return sendToConsole.call(this, ctx, user, destination, message);
};

// A flush (the local cloud's /_dev/settled.json): IPC keeps order, so the answer to a ping comes
// after every code sent before it, and the parent knows it has stored them all.
process.on('message', (message) => {
  if (message?.type === 'ping') process.send?.({ type: 'pong', id: message.id });
});

const logger = pino(
  { level: process.env.DEBUG ? 'debug' : 'info' },
  pretty({
    colorize: false,
    ignore: 'pid,name,hostname',
    singleLine: true,
    messageFormat: (log, messageKey) => `${log.reqId ?? 'NONE'} ${log.target ?? 'NONE'} ${log[messageKey]}`,
  }),
);

try {
  const server = await (await createDefaultServer(logger)).start();
  const address = server.address();
  const where = typeof address === 'string' ? address : `${address.address}:${address.port}`;
  logger.info(`Cognito Local running on http://${where}`);
} catch (error) {
  logger.error(error);
  process.exit(1);
}
