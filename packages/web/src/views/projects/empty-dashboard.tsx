import { pingSnippets } from '../../ping-snippets.js';
import { CopyBlock } from '../copy-block.js';

/** The slug of the check the examples create on their first ping. */
const EXAMPLE_SLUG = 'nightly-backup';

/**
 * A project without checks: what a check is, the way to add one, and lines to paste where a job
 * runs whose first ping creates the check (a slug URL with `?create=1`, as Healthchecks' sample
 * check teaches), so a new user sees it turn green without filling in a form first.
 */
export function EmptyDashboard({ base, pingUrlBase, canWrite }: { base: string; pingUrlBase: string; canWrite: boolean }) {
  const url = `${pingUrlBase}/${EXAMPLE_SLUG}?create=1`;
  const [crontab, shell] = pingSnippets(`"${url}"`, '0 3 * * *');
  return (
    <section class="panel empty-dashboard" aria-labelledby="h-first-check">
      <h2 id="h-first-check">Add your first check</h2>
      <p>A check watches one cron job, backup or website, and tells you when it stops running or fails.</p>
      {canWrite ? (
        <p class="actions">
          <a class="button primary" href={`${base}/checks/new`}>
            New check
          </a>
          <a class="button" href={`${base}/checks/new?kind=http`}>
            Monitor a website
          </a>
        </p>
      ) : null}
      <h3>Or let your job create it</h3>
      <p>
        Paste one of these where the job runs. Its first ping creates the check <code>{EXAMPLE_SLUG}</code> (expected daily, an hour&apos;s grace), which you
        can then rename and give its schedule.
      </p>
      <h4>Ping URL</h4>
      <CopyBlock id="example-url" text={url} label="the ping URL" />
      <h4>{crontab!.label}</h4>
      <CopyBlock id="example-crontab" text={crontab!.text} label="the crontab line" multiline />
      <h4>{shell!.label}</h4>
      <CopyBlock id="example-shell" text={shell!.text} label="the shell lines" multiline />
      <h4>curl, once, to try it now</h4>
      <CopyBlock id="example-curl" text={`curl -fsS -m 10 --retry 5 "${url}"`} label="the curl command" />
    </section>
  );
}
