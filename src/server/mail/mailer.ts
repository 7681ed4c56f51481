/**
 * Outgoing mail: SMTP through Nodemailer when SMTP_URL is set; otherwise each message is written
 * to DATA_DIR/mail/*.eml (a real RFC 822 file any mail client opens) and a log line says where.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

/** A file sent with a mail (a letter's PDF). */
interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /**
   * A Message-ID of the caller's (`<key@host>`) for a message that may be handed over twice (a
   * job run again after its server died mid-send): the .eml file is named by it and written once,
   * and a mail server or client sees the same Message-ID twice, which most keep once.
   */
  messageId?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export function createMailer(
  options: { smtpUrl: string | null; from: string; dataDir: string },
  log: { info(msg: string): void },
): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  const folder = join(options.dataDir, 'mail');
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await mkdir(folder, { recursive: true });
      const id = info.messageId.replace(/[^\w.-]/g, '');
      const file = join(
        folder,
        message.messageId
          ? `${id}.eml`
          : `${new Date().toISOString().replace(/[:.]/g, '-')}-${id}.eml`,
      );
      try {
        // A message with its own id is written once: a second hand-over finds it there.
        await writeFile(file, info.message as Buffer, { flag: message.messageId ? 'wx' : 'w' });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') return;
        throw error;
      }
      log.info(`Mail to ${message.to} ("${message.subject}") written to ${file}`);
    },
  };
}
