import { execFileSync, spawnSync } from 'node:child_process';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.js';

/**
 * Network namespaces for tests of probing from several places (docs/locations.md, "Tested as a
 * network"): each location is a namespace joined to the host by a veth pair, with its own /29:
 *   host side .1  — the host's services as the location sees them (forwarders to PostgreSQL, Redis, the api)
 *   inside    .2  — the location (its probers' health ports)
 * and the target, one address for every location (10.<b>.250.1, on each host side as a /32, routed
 * in each namespace on its own: one check's URL works from everywhere, and a location is cut off
 * from it alone with a blackhole route).
 * The host does not forward between interfaces (ip_forward stays as it is): a location reaches only
 * the host's own addresses, never another location. Names carry the test process' pid, so a run
 * sweeps what a killed earlier run left (`sweepLeftoverNamespaces`) without touching another
 * live run's. Packet loss and the slow path use nftables tables inside the location's namespace:
 * they go with it.
 */

/** Every namespace, and host interface, a lab makes starts with this. */
export const LAB_PREFIX = 'upmlab';

/** Why the lab cannot run here (not root, or iproute2 or nftables missing), or null. */
export function networkLabSkipReason(): string | null {
  if (process.getuid?.() !== 0) return 'network-namespace tests need root (ip netns, veth, tc, nft): skipped';
  for (const [tool, versionFlag, from] of [
    ['ip', '-V', 'iproute2'],
    ['tc', '-V', 'iproute2'],
    ['nft', '--version', 'nftables (scripts/test-prerequisites.sh installs it)'],
  ] as const) {
    if (spawnSync(tool, [versionFlag], { stdio: 'ignore' }).error) return `network-namespace tests need \`${tool}\` from ${from}: skipped`;
  }
  return null;
}

function run(args: string[]): string {
  return execFileSync(args[0] as string, args.slice(1), { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** The table of a lab location's packet loss, and of its slow path's redirect, in its namespace. */
const LOSS_TABLE = 'upmlab_loss';
const SLOW_TABLE = 'upmlab_slow';

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Deletes namespaces (and with them their veth pairs) of lab runs whose process is gone. */
export function sweepLeftoverNamespaces(): string[] {
  const swept: string[] = [];
  for (const line of run(['ip', 'netns', 'list']).split('\n')) {
    const name = line.split(' ')[0] ?? '';
    const m = new RegExp(`^${LAB_PREFIX}-(\\d+)-`).exec(name);
    if (!m || pidAlive(Number(m[1]))) continue;
    spawnSync('ip', ['netns', 'delete', name]);
    swept.push(name);
  }
  for (const line of run(['ip', '-o', 'link', 'show']).split('\n')) {
    const m = new RegExp(`^\\d+: (${LAB_PREFIX.slice(0, 3)}(\\d+)h\\d+)[@:]`).exec(line);
    if (m && !pidAlive(Number(m[2]))) spawnSync('ip', ['link', 'delete', m[1] as string]);
  }
  return swept;
}

export interface LabLocation {
  /** The test's name for it ("a", "private"…). */
  label: string;
  netns: string;
  /** The location's own address (inside the namespace). */
  address: string;
  /** The host as the location reaches it (forwarders listen here). */
  hostAddress: string;
  /** The target's address: the same for every location of the lab. */
  targetAddress: string;
  /** The host side of the veth pair. */
  hostInterface: string;
  /** Makes the target unreachable from this location only (its packets to it are dropped). */
  cutTarget(): void;
  restoreTarget(): void;
  /**
   * `tc netem` on the location's link (both directions): delay in ms, loss in percent. False when
   * the kernel has no netem (sch_netem; some VM kernels lack it): nothing was changed.
   */
  shape(delayMs: number, lossPercent?: number): boolean;
  /**
   * Drops about `percent` % of the packets between this location and the target, each way, at
   * random (nftables in the namespace: `numgen random mod 100 < percent drop`, which needs no
   * netem); the location's other traffic (its forwarders to PostgreSQL, Redis, the api) is
   * untouched. 0 removes it.
   */
  loseTargetPackets(percent: number): void;
  /** How many packets `loseTargetPackets` has dropped (its rules' counters). */
  targetPacketsLost(): number;
  /**
   * Makes every round trip to the target's `port` from this location `delayMs` longer: with netem
   * on the link (`shape`) when the kernel has it, else through a relay on the host side that holds
   * what each side sends for half of it, to which the namespace's connections to the target are
   * redirected (nftables DNAT). Says which it used.
   */
  delayTarget(port: number, delayMs: number): Promise<'netem' | 'relay'>;
  /** Undoes `delayTarget`. */
  undelayTarget(): Promise<void>;
  /** A command inside the namespace (for spawn: `[command, args]`). */
  command(file: string, args: string[]): [string, string[]];
}

export interface NetworkLab {
  readonly locations: LabLocation[];
  /** Where the target listens on the host (every location reaches it there, unless cut). */
  readonly targetAddress: string;
  addLocation(label: string): LabLocation;
  /** Deletes every namespace and interface of this lab (also when they are half made). */
  close(): void;
}

/**
 * A lab of this process: subnets 10.<b>.<i>.0/29 with b from the pid (two concurrent runs on one
 * machine get different ones unless their pids collide modulo 150), i the location's index.
 */
export function createNetworkLab(): NetworkLab {
  const pid = process.pid;
  const b = 100 + (pid % 150);
  const targetAddress = `10.${b}.250.1`;
  const locations: LabLocation[] = [];
  const made: { netns: string; hostInterface: string }[] = [];
  const relays = new Set<TcpProxy>();
  return {
    locations,
    targetAddress,
    addLocation(label) {
      const i = locations.length + 1;
      const netns = `${LAB_PREFIX}-${pid}-${label}`;
      const hostInterface = `${LAB_PREFIX.slice(0, 3)}${pid}h${i}`.slice(0, 15);
      const net = `10.${b}.${i}`;
      const [hostAddress, address] = [`${net}.1`, `${net}.2`];
      made.push({ netns, hostInterface });
      run(['ip', 'netns', 'add', netns]);
      run(['ip', 'link', 'add', hostInterface, 'type', 'veth', 'peer', 'name', 'eth0', 'netns', netns]);
      run(['ip', 'addr', 'add', `${hostAddress}/29`, 'dev', hostInterface]);
      run(['ip', 'addr', 'add', `${targetAddress}/32`, 'dev', hostInterface]);
      run(['ip', 'link', 'set', hostInterface, 'up']);
      run(['ip', '-n', netns, 'addr', 'add', `${address}/29`, 'dev', 'eth0']);
      run(['ip', '-n', netns, 'link', 'set', 'eth0', 'up']);
      run(['ip', '-n', netns, 'link', 'set', 'lo', 'up']);
      run(['ip', '-n', netns, 'route', 'add', `${targetAddress}/32`, 'dev', 'eth0']);
      let relay: TcpProxy | null = null;
      /** nft in the namespace: a command, or a ruleset (`{…}`, read from stdin); `missingOk`: no such table is no error. */
      const nft = (command: string, missingOk = false): string => {
        const args = command.includes('{') ? ['-f', '-'] : command.split(' ');
        const r = spawnSync('ip', ['netns', 'exec', netns, 'nft', ...args], { input: command, encoding: 'utf8' });
        if (r.status === 0) return r.stdout;
        if (missingOk && /No such file or directory/.test(r.stderr)) return '';
        throw new Error(`nft in ${netns}: ${r.stderr.trim()}`);
      };
      const netem = (dev: string, ns: string | null, spec: string[]): boolean => {
        const base = ns ? ['ip', 'netns', 'exec', ns, 'tc'] : ['tc'];
        spawnSync(base[0] as string, [...base.slice(1), 'qdisc', 'del', 'dev', dev, 'root'], { stdio: 'ignore' });
        const added = spawnSync(base[0] as string, [...base.slice(1), 'qdisc', 'add', 'dev', dev, 'root', 'netem', ...spec], { encoding: 'utf8' });
        if (added.status === 0) return true;
        if (/qdisc kind is unknown/i.test(added.stderr)) return false;
        throw new Error(`tc netem on ${dev}: ${added.stderr.trim()}`);
      };
      const location: LabLocation = {
        label,
        netns,
        address,
        hostAddress,
        targetAddress,
        hostInterface,
        cutTarget: () => run(['ip', '-n', netns, 'route', 'replace', 'blackhole', `${targetAddress}/32`]),
        restoreTarget: () => run(['ip', '-n', netns, 'route', 'replace', `${targetAddress}/32`, 'dev', 'eth0']),
        shape(delayMs, lossPercent = 0) {
          // Half the delay each way, so a round trip takes delayMs more.
          const spec = ['delay', `${Math.round(delayMs / 2)}ms`, ...(lossPercent > 0 ? ['loss', `${lossPercent}%`] : [])];
          return netem('eth0', netns, spec) && netem(hostInterface, null, spec);
        },
        loseTargetPackets(percent) {
          if (!Number.isInteger(percent) || percent < 0 || percent > 100) throw new Error(`packet loss must be 0-100 %, not ${percent}`);
          nft(`delete table inet ${LOSS_TABLE}`, true);
          if (percent === 0) return;
          const drop = `numgen random mod 100 < ${percent} counter drop`;
          nft(
            `table inet ${LOSS_TABLE} {
               chain out { type filter hook output priority 0; policy accept; ip daddr ${targetAddress} ${drop}; }
               chain in { type filter hook input priority 0; policy accept; ip saddr ${targetAddress} ${drop}; }
             }`,
          );
        },
        targetPacketsLost() {
          const listed = nft(`list table inet ${LOSS_TABLE}`, true);
          return [...listed.matchAll(/counter packets (\d+)/g)].reduce((sum, m) => sum + Number(m[1]), 0);
        },
        async delayTarget(port, delayMs) {
          await location.undelayTarget();
          if (location.shape(delayMs)) return 'netem';
          relay = await startTcpProxy({ host: targetAddress, port }, { listen: hostAddress, delayMs });
          relays.add(relay);
          nft(
            `table ip ${SLOW_TABLE} {
               chain out { type nat hook output priority -100; policy accept; ip daddr ${targetAddress} tcp dport ${port} dnat to ${hostAddress}:${relay.port}; }
             }`,
          );
          return 'relay';
        },
        async undelayTarget() {
          nft(`delete table ip ${SLOW_TABLE}`, true);
          for (const dev of [
            ['-n', netns, 'qdisc', 'del', 'dev', 'eth0', 'root'],
            ['qdisc', 'del', 'dev', hostInterface, 'root'],
          ])
            spawnSync('tc', dev, { stdio: 'ignore' });
          if (relay) {
            relays.delete(relay);
            await relay.close();
            relay = null;
          }
        },
        command: (file, args) => ['ip', ['netns', 'exec', netns, file, ...args]],
      };
      locations.push(location);
      return location;
    },
    close() {
      for (const relay of relays) void relay.close();
      relays.clear();
      for (const { netns, hostInterface } of made.reverse()) {
        spawnSync('ip', ['netns', 'delete', netns], { stdio: 'ignore' });
        spawnSync('ip', ['link', 'delete', hostInterface], { stdio: 'ignore' });
      }
      made.length = 0;
      locations.length = 0;
    },
  };
}
