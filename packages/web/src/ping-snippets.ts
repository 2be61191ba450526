/**
 * Ready-to-paste lines for a ping URL (the check page's "how to ping"). The crontab line uses the
 * check's own cron expression when it has one (a crontab runs in the server's zone: the check's
 * zone should match it).
 */
export function pingSnippets(url: string, cron: string | null): { label: string; text: string }[] {
  const curl = 'curl -fsS -m 10 --retry 5 -o /dev/null';
  return [
    { label: 'crontab line (ping after the job succeeds)', text: `${cron ?? '0 3 * * *'} /path/to/job.sh && ${curl} ${url}` },
    {
      label: 'shell: report the start and the exit status (measures the run time, alerts on failure)',
      text: `${curl} ${url}/start\n/path/to/job.sh\n${curl} ${url}/$?`,
    },
    { label: 'PowerShell', text: `Invoke-RestMethod -TimeoutSec 10 ${url}` },
  ];
}
