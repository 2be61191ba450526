import type { RunningService } from '@upmon/service-kit';
import { startService, type ServiceProcess } from '@upmon/testing';
import { createHarness, type Harness } from './notifier-harness.js';
import { startRecordingServer, type RecordingServer } from './recording-server.js';

/**
 * What most notifier tests run against: a webhook receiver, the notifier in this process and,
 * with `{ scheduler: true }`, the built scheduler as a process (`pnpm build` first, killable).
 * Either service can be stopped and started again mid-test.
 */
export class NotifierServices {
  h!: Harness;
  receiver!: RecordingServer;
  private notifier: RunningService | undefined;
  private scheduler: ServiceProcess | undefined;

  constructor(private readonly opts: { scheduler?: boolean } = {}) {}

  async open(): Promise<void> {
    this.receiver = await startRecordingServer();
    this.h = await createHarness();
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
  }

  private spawnScheduler(): Promise<ServiceProcess> {
    return startService('scheduler', { ...this.h.env, LOG_LEVEL: 'warn', SCHEDULER_IDLE_INTERVAL_MS: '100' });
  }
}
