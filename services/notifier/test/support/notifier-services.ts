import type { RunningService } from '@upmon/service-kit';
import { startService, startSmtpCapture, type ServiceProcess } from '@upmon/testing';
import { createHarness, recordingProviderEnv, type Harness } from './notifier-harness.js';
import { startRecordingServer, type RecordingServer } from '@upmon/testing';

/**
 * What most notifier tests run against: a webhook receiver, the notifier in this process and,
 * with `{ scheduler: true }`, the built scheduler as a process (`pnpm build` first, killable).
 * With `{ channels: true }` every fixed-host provider (Telegram, SMS, PagerDuty, Opsgenie, Splunk
 * On-Call, Pushover) points at the receiver and
 * e-mail goes to a local SMTP capture. Either service can be stopped and started again mid-test.
 */
export class NotifierServices {
  h!: Harness;
  receiver!: RecordingServer;
  /** With `channels`: the mails sent. */
  smtp!: Awaited<ReturnType<typeof startSmtpCapture>>;
  private notifier: RunningService | undefined;
  private scheduler: ServiceProcess | undefined;

  constructor(private readonly opts: { scheduler?: boolean; channels?: boolean } = {}) {}

  async open(): Promise<void> {
    this.receiver = await startRecordingServer();
    if (this.opts.channels) this.smtp = await startSmtpCapture();
    this.h = await createHarness(
      this.opts.channels ? { SMTP_URL: this.smtp.url, EMAIL_FROM: 'upmon <alerts@upmon.test>', ...recordingProviderEnv(this.receiver.url) } : {},
    );
    await this.startBoth();
  }

  /** Starts the notifier, and the scheduler when this runs one. */
  async startBoth(): Promise<void> {
    [this.notifier, this.scheduler] = await Promise.all([this.h.start(), this.opts.scheduler ? this.spawnScheduler() : undefined]);
  }

  async startNotifier(): Promise<void> {
    this.notifier = await this.h.start();
  }

  async startScheduler(): Promise<void> {
    this.scheduler = await this.spawnScheduler();
  }

  async stopNotifier(): Promise<void> {
    await this.notifier?.stop();
    this.notifier = undefined;
  }

  async stopScheduler(signal?: NodeJS.Signals): Promise<void> {
    await this.scheduler?.stop(signal);
    this.scheduler = undefined;
  }

  async close(): Promise<void> {
    await this.stopNotifier();
    await this.stopScheduler();
    await this.h?.close();
    await this.receiver?.close();
    await this.smtp?.close();
  }

  private spawnScheduler(): Promise<ServiceProcess> {
    return startService('scheduler', { ...this.h.env, LOG_LEVEL: 'warn', SCHEDULER_IDLE_INTERVAL_MS: '100' });
  }
}
