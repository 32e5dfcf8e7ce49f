import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { AppError } from '../../http/errors';
import type { InboundService } from './inbound';

/** An SMTP error reply: smtp-server answers with `responseCode` and the message. */
function smtpError(responseCode: number, message: string): Error & { responseCode: number } {
  return Object.assign(new Error(message), { responseCode });
}

/** How an inbound failure reads in SMTP: refusals are permanent (5xx), our own trouble temporary (451). */
function toSmtpError(error: unknown): Error & { responseCode: number } {
  if (error instanceof AppError) {
    if (error.status === 404) return smtpError(550, `5.1.1 ${error.message}`);
    if (error.status === 403) return smtpError(550, `5.7.1 ${error.message}`);
    if (error.status === 413) return smtpError(552, `5.3.4 ${error.message}`);
    if (error.status < 500) return smtpError(550, `5.6.0 ${error.message}`);
  }
  return smtpError(451, '4.3.0 Temporary failure, try again later');
}

export interface InboundSmtpListener {
  /** Starts listening; resolves with the port (useful with port 0). */
  listen(port: number, host: string): Promise<number>;
  close(): Promise<void>;
}

/**
 * The embedded SMTP listener (INBOUND_SMTP_PORT, 127.0.0.1 by default): no AUTH, no TLS, meant
 * for a local MTA or relay in front of it, or for development. Recipients are checked at RCPT TO
 * (550 for an unknown mailbox); the mail itself goes through the inbound service (550 for a sender
 * no provider owns). Every refusal is logged by the service.
 */
export function createInboundSmtpListener(deps: {
  inbound: InboundService;
  maxBytes: number;
  hostname: string;
  log: FastifyBaseLogger;
}): InboundSmtpListener {
  const server = new SMTPServer({
    name: deps.hostname,
    banner: 'Dash inbound mail',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: deps.maxBytes,
    logger: false,
    onRcptTo(address, _session, callback) {
      deps.inbound.acceptsRecipient(address.address).then(
        (accepted) => {
          if (accepted) return callback();
          deps.log.warn({ recipient: address.address }, 'Inbound mail rejected: no such mailbox');
          callback(smtpError(550, `5.1.1 <${address.address}>: no such mailbox`));
        },
        (error) => {
          deps.log.error({ err: error }, 'Checking an inbound recipient failed');
          callback(smtpError(451, '4.3.0 Temporary failure, try again later'));
        },
      );
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', (error) => callback(toSmtpError(error)));
      stream.on('end', () => {
        if (stream.sizeExceeded) {
          callback(smtpError(552, `5.3.4 Message exceeds the size limit of ${deps.maxBytes} bytes`));
          return;
        }
        const recipients = session.envelope.rcptTo.map((recipient) => recipient.address);
        deps.inbound.receive(Buffer.concat(chunks), { recipients, via: 'smtp' }).then(
          () => callback(null, 'Message stored'),
          (error) => {
            if (!(error instanceof AppError)) deps.log.error({ err: error }, 'Storing inbound mail failed');
            callback(toSmtpError(error));
          },
        );
      });
    },
  });
  server.on('error', (error) => deps.log.error({ err: error }, 'Inbound SMTP listener error'));

  let listening = false;
  return {
    listen(port, host) {
      return new Promise((resolve, reject) => {
        const onError = (error: Error) => reject(error);
        server.server.once('error', onError);
        server.listen(port, host, () => {
          server.server.off('error', onError);
          listening = true;
          resolve((server.server.address() as AddressInfo).port);
        });
      });
    },
    close() {
      if (!listening) return Promise.resolve();
      listening = false;
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
