import MailComposer from 'nodemailer/lib/mail-composer';

export interface ComposedMail {
  from: string;
  to: string | string[];
  cc?: string[];
  subject: string;
  text: string;
  /** With or without angle brackets. */
  messageId?: string;
  inReplyTo?: string;
  references?: string[];
  date?: Date;
  attachments?: { filename: string; contentType: string; content: Buffer }[];
}

const angle = (id: string) => (id.startsWith('<') ? id : `<${id}>`);

/**
 * A real RFC 5322 message (what a provider's mail client would send): the seed and the tests feed
 * these through the inbound path exactly as mail from outside arrives.
 */
export function composeMail(mail: ComposedMail): Promise<Buffer> {
  const composer = new MailComposer({
    from: mail.from,
    to: mail.to,
    ...(mail.cc ? { cc: mail.cc } : {}),
    subject: mail.subject,
    text: mail.text,
    ...(mail.messageId ? { messageId: angle(mail.messageId) } : {}),
    ...(mail.inReplyTo ? { inReplyTo: angle(mail.inReplyTo) } : {}),
    ...(mail.references ? { references: mail.references.map(angle) } : {}),
    ...(mail.date ? { date: mail.date } : {}),
    ...(mail.attachments ? { attachments: mail.attachments } : {}),
  });
  return new Promise((resolve, reject) => {
    composer.compile().build((error, message) => (error ? reject(error) : resolve(message)));
  });
}
