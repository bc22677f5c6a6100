import net, { type AddressInfo } from 'node:net';

/** One message as the test SMTP server received it. */
export interface ReceivedMail {
  from: string;
  to: string[];
  /** Headers and body exactly as sent, dot-stuffing undone. */
  data: string;
}

export interface TestSmtpServer {
  url: string;
  received: ReceivedMail[];
  /** While true, every MAIL FROM is refused with a temporary failure (451). */
  refuse: boolean;
  close(): Promise<void>;
}

/**
 * A tiny SMTP server on 127.0.0.1 that speaks just enough of RFC 5321 for nodemailer (EHLO/HELO,
 * MAIL FROM, RCPT TO, DATA, RSET, NOOP, QUIT) and keeps what it receives, so tests exercise the
 * real SMTP path without a mail server or a mock of our own code.
 */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const sockets = new Set<net.Socket>();
  const state: TestSmtpServer = {
    url: '',
    received,
    refuse: false,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let data: string[] = [];
    let from = '';
    let to: string[] = [];
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 test-smtp ESMTP ready');

    const command = (line: string) => {
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'EHLO') {
        reply('250-test-smtp greets you');
        reply('250-8BITMIME');
        reply('250-SMTPUTF8');
        reply('250 SIZE 10485760');
      } else if (verb === 'HELO') reply('250 test-smtp');
      else if (verb === 'MAIL') {
        if (state.refuse) reply('451 4.3.0 Try again later');
        else {
          from =
            line
              .replace(/^MAIL FROM:\s*/i, '')
              .replace(/[<>]/g, '')
              .split(' ')[0] ?? '';
          to = [];
          reply('250 2.1.0 OK');
        }
      } else if (verb === 'RCPT') {
        to.push(
          line
            .replace(/^RCPT TO:\s*/i, '')
            .replace(/[<>]/g, '')
            .split(' ')[0] ?? '',
        );
        reply('250 2.1.5 OK');
      } else if (verb === 'DATA') {
        inData = true;
        data = [];
        reply('354 End data with <CR><LF>.<CR><LF>');
      } else if (verb === 'RSET') {
        from = '';
        to = [];
        reply('250 OK');
      } else if (verb === 'NOOP') reply('250 OK');
      else if (verb === 'QUIT') {
        reply('221 Bye');
        socket.end();
      } else reply('502 5.5.2 Command not implemented');
    };

    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        const end = buffer.indexOf('\r\n');
        if (end < 0) break;
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push({ from, to, data: data.join('\r\n') });
            reply('250 2.0.0 Queued');
          } else data.push(line.startsWith('..') ? line.slice(1) : line);
        } else command(line);
      }
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  state.url = `smtp://127.0.0.1:${port}`;
  return state;
}

/** Undoes quoted-printable soft breaks and escapes, enough to read a received message's text. */
export function readableMail(data: string): string {
  return data
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}
