/**
 * The e2e servers' local SMTP capture (started by playwright.config.ts, one per lane): an SMTP server
 * (smtp-server) on MAIL_CAPTURE_SMTP_PORT that accepts every message, and an HTTP server on
 * MAIL_CAPTURE_HTTP_PORT answering `GET /messages` with them as JSON (`[{ to, raw }]`, oldest first) and
 * `GET /` with 200 (ready). The app under test sends through it (SMTP_URL), so specs read what it sent
 * (apps/web/e2e/notifications.spec.ts). Run by Node directly (type stripping).
 */
import http from 'node:http';
import { SMTPServer } from 'smtp-server';

const smtpPort = Number(process.env.MAIL_CAPTURE_SMTP_PORT);
const httpPort = Number(process.env.MAIL_CAPTURE_HTTP_PORT);
const messages: Array<{ to: string[]; raw: string }> = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      messages.push({
        to: session.envelope.rcptTo.map((r) => r.address),
        raw: Buffer.concat(chunks).toString('utf8'),
      });
      callback();
    });
  },
});
smtp.on('error', () => undefined);
smtp.listen(smtpPort, '127.0.0.1');

http
  .createServer((req, res) => {
    if (req.url === '/messages') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(messages));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('mail capture');
  })
  .listen(httpPort, '127.0.0.1');
