import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string[]; from: string; parsed: ParsedMail };

/**
 * A real SMTP server on 127.0.0.1 for tests: it asks for the user name and password the app's
 * SMTP_URL carries, parses every message it accepts, and can turn messages away with a temporary
 * error (a mail server having trouble).
 */
export async function startSmtpTestServer() {
  const user = 'mailer';
  const pass = 'smtp-test-password';
  const received: ReceivedMail[] = [];
  const waiters: { match: (mail: ReceivedMail) => boolean; resolve: (mail: ReceivedMail) => void }[] = [];
  let refuseNext = 0;

  const server = new SMTPServer({
    // Plain SMTP on the loopback: no certificate to make, and the password may travel unencrypted.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === pass) callback(null, { user });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      if (refuseNext > 0) {
        refuseNext--;
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('Try again later'), { responseCode: 451 })));
        return;
      }
      simpleParser(stream)
        .then((parsed) => {
          const mail: ReceivedMail = {
            to: session.envelope.rcptTo.map((r) => r.address),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            parsed,
          };
          received.push(mail);
          for (const waiter of [...waiters]) {
            if (waiter.match(mail)) {
              waiters.splice(waiters.indexOf(waiter), 1);
              waiter.resolve(mail);
            }
          }
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://${user}:${pass}@127.0.0.1:${port}`,
    received,
    /** The next messages are answered 451 (the sender should try again later). */
    refuse(count: number) {
      refuseNext = count;
    },
    /** The first message to this address with this subject (already received, or the next to arrive). */
    mailTo(address: string, subject: string): Promise<ReceivedMail> {
      const match = (mail: ReceivedMail) => mail.to.includes(address) && mail.parsed.subject === subject;
      const found = received.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => waiters.push({ match, resolve }));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpTestServer = Awaited<ReturnType<typeof startSmtpTestServer>>;
