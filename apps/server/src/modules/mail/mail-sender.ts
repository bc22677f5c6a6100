import nodemailer, { type Transporter } from 'nodemailer';
import type { DbCtx } from '../../lib/context.js';
import { MailRepository } from './mail.repository.js';

export const MAX_ATTEMPTS = 10;
const BATCH = 20;
/** How long a claimed message is left alone while it is being sent. */
const LEASE_MS = 5 * 60 * 1000;

/** Waits 1, 2, 4 ... minutes between attempts, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60, 2 ** Math.max(0, attempts - 1)) * 60 * 1000;
}

export interface SendReport {
  sent: number;
  failed: number;
}

/**
 * Delivers queued mail over SMTP (SMTP_URL). Each message is claimed with a conditional write
 * first, so several server instances can run senders side by side; a failure is recorded and
 * retried later with a growing delay. Without SMTP_URL there is no sender and mail stays queued.
 */
export class MailSender {
  private readonly repository = new MailRepository();
  private readonly transport: Transporter;
  private running: Promise<SendReport> | null = null;

  constructor(
    private readonly handle: DbCtx,
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl, {
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
  }

  /** Sends what is due. Calls made while a run is going share that run. */
  sendPending(): Promise<SendReport> {
    if (!this.running) {
      this.running = this.run().finally(() => {
        this.running = null;
      });
    }
    return this.running;
  }

  private async run(): Promise<SendReport> {
    const report: SendReport = { sent: 0, failed: 0 };
    const ids = await this.repository.due(this.handle, new Date().toISOString(), MAX_ATTEMPTS, BATCH);
    for (const id of ids) {
      const now = Date.now();
      const message = await this.repository.claim(
        this.handle,
        id,
        new Date(now).toISOString(),
        new Date(now + LEASE_MS).toISOString(),
      );
      if (!message) continue;
      try {
        await this.transport.sendMail({
          from: this.from,
          to: message.to_address,
          ...(message.reply_to ? { replyTo: message.reply_to } : {}),
          subject: message.subject,
          text: message.text_body,
          ...(message.html_body ? { html: message.html_body } : {}),
          ...(message.headers ? { headers: JSON.parse(message.headers) as Record<string, string> } : {}),
        });
        await this.repository.markSent(this.handle, id, new Date().toISOString());
        report.sent++;
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        await this.repository.markFailed(
          this.handle,
          id,
          reason.slice(0, 500),
          new Date(Date.now() + retryDelayMs(message.attempts)).toISOString(),
        );
        report.failed++;
      }
    }
    return report;
  }

  close(): void {
    this.transport.close();
  }
}
