import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';

/** How many SMTP connections a sender keeps open (and so how many messages are in flight at once). */
export const SMTP_CONNECTIONS = 8;

/**
 * The mail transport: SMTP through nodemailer's connection pool when `smtpUrl` is set (`smtp://` or
 * `smtps://`, credentials in the URL), else nodemailer's JSON transport, which builds each message
 * without sending it and logs one line (recipient and subject) through `log`: nothing leaves the machine.
 */
export function createMailTransport(smtpUrl: string | undefined, log: (msg: string) => void): Transporter {
  if (smtpUrl) {
    return nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: SMTP_CONNECTIONS });
  }
  const transport: Transporter = nodemailer.createTransport({ jsonTransport: true });
  const send = transport.sendMail.bind(transport) as (mail: SendMailOptions) => Promise<unknown>;
  transport.sendMail = (async (mail: SendMailOptions) => {
    const info = await send(mail);
    const to =
      typeof mail.to === 'object' && mail.to && 'address' in mail.to ? mail.to.address : String(mail.to);
    log(`email not sent (SMTP_URL is unset) to ${to}: ${String(mail.subject)}`);
    return info;
  }) as Transporter['sendMail'];
  return transport;
}
