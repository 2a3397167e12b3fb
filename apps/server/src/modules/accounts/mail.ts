import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import type { Config } from '../../config.ts';
import { TOKEN_MINUTES } from './tokens.ts';

/** Pages of the web app that take a token (in the URL's fragment, which browsers do not send to servers). */
export const SET_PASSWORD_PAGE = '/set-password';

/**
 * The account mail transport: SMTP when SMTP_URL is set, else nodemailer's JSON transport, which builds
 * the message, logs one line (recipient and subject, never the link) and sends nothing.
 */
export function defaultMailer(config: Config, log: (msg: string) => void): Transporter {
  if (config.SMTP_URL) return nodemailer.createTransport({ url: config.SMTP_URL });
  const transport: Transporter = nodemailer.createTransport({ jsonTransport: true });
  const send = transport.sendMail.bind(transport) as (mail: SendMailOptions) => Promise<unknown>;
  transport.sendMail = (async (mail: SendMailOptions) => {
    const info = await send(mail);
    log(`account email not sent (SMTP_URL is unset) to ${String(mail.to)}: ${String(mail.subject)}`);
    return info;
  }) as Transporter['sendMail'];
  return transport;
}

/** The reset or invitation email to `to` with its link. */
export function accountMail(
  kind: 'reset' | 'invite',
  to: string,
  link: string,
  institutionName: string,
): SendMailOptions {
  const subject =
    kind === 'reset'
      ? 'Set a new Course Coach password'
      : `You are invited to Course Coach at ${institutionName}`;
  const intro =
    kind === 'reset'
      ? 'Someone (we hope you) asked to set a new password for your Course Coach account.'
      : `${institutionName} invites you to Course Coach. Choose a password to sign in.`;
  const text = `${intro}\n\nOpen this link to set your password:\n${link}\n\nThe link works once, for ${TOKEN_MINUTES} minutes. If you did not ask for it, ignore this email: nothing changes.\n`;
  return { to, subject, text };
}
