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

/**
 * The same mail written out directly when it is plain ASCII text without attachments (what the
 * long seeded thread is made of): a valid RFC 5322 message, hundreds of times faster to produce
 * than through the composer. Anything else goes through composeMail.
 */
export function composePlainMail(mail: ComposedMail): Promise<Buffer> {
  const ascii = /^[\x20-\x7e\n]*$/;
  const addresses = [mail.from, ...(Array.isArray(mail.to) ? mail.to : [mail.to]), ...(mail.cc ?? [])];
  if (
    mail.attachments?.length ||
    ![mail.subject, mail.text, ...addresses].every((value) => ascii.test(value)) ||
    mail.text.split('\n').some((line) => line.length > 900)
  ) {
    return composeMail(mail);
  }
  const headers = [
    `From: ${mail.from}`,
    `To: ${Array.isArray(mail.to) ? mail.to.join(', ') : mail.to}`,
    ...(mail.cc?.length ? [`Cc: ${mail.cc.join(', ')}`] : []),
    `Subject: ${mail.subject}`,
    `Date: ${(mail.date ?? new Date()).toUTCString().replace('GMT', '+0000')}`,
    ...(mail.messageId ? [`Message-ID: ${angle(mail.messageId)}`] : []),
    ...(mail.inReplyTo ? [`In-Reply-To: ${angle(mail.inReplyTo)}`] : []),
    ...(mail.references?.length ? [`References: ${mail.references.map(angle).join(' ')}`] : []),
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=us-ascii',
    'Content-Transfer-Encoding: 7bit',
  ];
  return Promise.resolve(
    Buffer.from(`${headers.join('\r\n')}\r\n\r\n${mail.text.replace(/\n/g, '\r\n')}\r\n`),
  );
}
