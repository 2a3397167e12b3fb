/**
 * A counting SMTP server on 127.0.0.1 (the `smtp-server` package) run as a child process by
 * bench/emails.bench.ts, so that the receiving side does not share the sender's CPU. Sends its port to
 * the parent, answers a 'count' message with the number of messages accepted, exits on 'stop'.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

let accepted = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    stream.on('data', () => undefined);
    stream.on('end', () => {
      accepted++;
      callback();
    });
  },
});
smtp.listen(0, '127.0.0.1', () => {
  process.send?.({ port: (smtp.server.address() as AddressInfo).port });
});
process.on('message', (m) => {
  if (m === 'count') process.send?.({ accepted });
  if (m === 'stop') smtp.close(() => process.exit(0));
});
